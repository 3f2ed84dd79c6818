import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// Builds one `Rule` from its JSON object, reporting each problem at its place.
enum RuleParser {
    /// The shortest and longest candle a rule may use.
    static let candleRange = TimeSpan.minutes(1)...TimeSpan.days(1)

    static func parse(_ object: inout ConfigObject, context: RuleLoader.Context) -> Rule? {
        let name = object.string("name", required: true, length: .ruleName)
        if let name, let node = object.member("name")?.node,
           object.checkPrintedName(name, what: "rule name", at: node.location), FeedStaleMonitor.names(name) {
            object.report("name", "rule names starting with \"feed-stale:\" are reserved")
        }
        let (metric, source) = parseMetric(&object, context: context)
        let condition = ConditionReader.read(&object, ConditionScope(metric: metric, checks: context))
        let holdFor = object.span("for") ?? .zero
        let repeatEvery = object.span("repeat")
        if let repeatEvery, repeatEvery.milliseconds == 0 { object.report("repeat", "\"repeat\" must be longer than 0s") }
        let resolve = object.bool("resolve") ?? true
        let candle = object.span("candle")
        if let candle, !candleRange.contains(candle) {
            object.report("candle", "\"candle\" must be from 1m to 1d, found \(candle.text)")
        }
        let once = object.bool("once") ?? false
        let quiet = object.quietHours(known: context.timeIntervals)
        let channels = object.strings("channels") ?? []
        checkChannels(channels, &object, context: context)
        let labels = parseLabels(&object)
        let message = parseMessage("message", &object)
        let resolvedMessage = parseMessage("resolved_message", &object)
        let isDisabled = object.bool("disabled") ?? false
        let description = object.string("description", length: .message)
        if let condition, condition.isEvent { refuseEventSettings(&object) } else { checkClearApplies(&object) }
        checkNewsSettings(message: message, resolvedMessage: resolvedMessage, &object)
        guard let name, let condition else { return nil }
        let origin = "\(object.path):\(object.node.location.line):\(object.node.location.column)"
        var rule = Rule(name: name, metric: metric, source: source, condition: condition, holdFor: holdFor,
                    repeatEvery: repeatEvery, resolve: resolve, candle: candle, once: once, channels: channels,
                    labels: labels, message: message, resolvedMessage: resolvedMessage, origin: origin,
                    isDisabled: isDisabled, description: description)
        rule.quiet = quiet
        return rule
    }

    /// The rule's `metric` and `source`; none for `all`/`any`, whose parts name theirs, nor for
    /// `news`, which names its source inside.
    private static func parseMetric(_ object: inout ConfigObject, context: RuleLoader.Context) -> (String?, String?) {
        if let key = ConditionKinds.keys.first(where: { object.has($0) }), let kind = ConditionKinds.kind(for: key), !kind.needsMetric {
            for field in ["metric", "source"] where object.has(field) {
                _ = object.member(field)
                object.report(field, "a rule with \"\(key)\" takes no \"\(field)\": \(kind.noMetricReason)")
            }
            return (nil, nil)
        }
        let metric = object.string("metric", required: true)
        if let metric { object.checkMetric(metric, context) }
        let source = object.string("source")
        if let source, let metric { object.checkSource(source, metric: metric, context) }
        return (metric, source)
    }

    /// `clear` is hysteresis around one level: only the kinds that read it have one.
    private static func checkClearApplies(_ object: inout ConfigObject) {
        guard object.has("clear"), let key = ConditionKinds.keys.first(where: { object.has($0) }),
              ConditionKinds.kind(for: key)?.readsClear == false else { return }
        _ = object.member("clear")
        object.report("clear", "\"clear\" applies to \(ConditionKinds.clearKeysText), not \"\(key)\"")
    }

    /// Events announce once and never resolve: settings about holding, reminding and
    /// resolving cannot apply.
    private static func refuseEventSettings(_ object: inout ConfigObject) {
        let event = ConditionKinds.keys.first { object.has($0) } ?? "on"
        for key in ["for", "clear", "repeat", "resolve", "resolved_message"] where object.has(key) {
            _ = object.member(key)
            object.report(key, "\"\(event)\" is an event (it notifies once and never resolves): it takes no \"\(key)\"")
        }
    }

    /// A `news` rule is judged once per new item: no candle. `{{title}}` and `{{link}}` are a
    /// news item's: only a `news` rule's template has them.
    private static func checkNewsSettings(message: MessageTemplate?, resolvedMessage: MessageTemplate?, _ object: inout ConfigObject) {
        let isNews = object.has("news")
        if isNews, object.has("candle") {
            _ = object.member("candle")
            object.report("candle", "\"news\" is judged once per new item: it takes no \"candle\"")
        }
        guard !isNews else { return }
        for (key, template) in [("message", message), ("resolved_message", resolvedMessage)] {
            guard let used = template?.fields.intersection(MessageTemplate.Field.newsFields).min(by: { $0.rawValue < $1.rawValue }) else { continue }
            object.report(key, "{{\(used.rawValue)}} is a news item's: only a rule with \"news\" has it")
        }
    }

    static func parseLabels(_ object: inout ConfigObject) -> [Label] {
        guard var labels = object.object("labels") else { return [] }
        var result: [Label] = []
        for member in labels.members {
            guard let value = labels.string(member.key, length: .labelValue), labels.checkKeyLength(member) else { continue }
            if let problem = LabelName.problem(member.key) {
                labels.report(at: member.keyLocation, problem)
            } else if value.isEmpty {
                // Alertmanager treats an empty label as absent and drops it.
                labels.report(member.key, "label \"\(member.key)\" must not be empty (receivers drop empty labels)")
            } else {
                result.append(Label(member.key, value))
            }
        }
        labels.finish()
        return result
    }

    private static func parseMessage(_ key: String, _ object: inout ConfigObject) -> MessageTemplate? {
        guard let text = object.string(key, length: .message) else { return nil }
        do {
            return try MessageTemplate(parsing: text)
        } catch {
            object.report(at: object.location(at: error.offset, inStringAt: object.member(key)!.node.location), error.message)
            return nil
        }
    }
}
