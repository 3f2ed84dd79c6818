import SatwatchJSON

/// Builds one `Rule` from its JSON object, reporting each problem at its place.
enum RuleParser {
    static let conditionKeys = ["above", "below", "change"]

    static func parse(_ object: inout ConfigObject, context: RuleLoader.Context) -> Rule? {
        let name = object.string("name", required: true)
        if let name, name.isEmpty || name.hasPrefix("feed-stale:") {
            object.report("name", name.isEmpty ? "rule name must not be empty" : "rule names starting with \"feed-stale:\" are reserved")
        }
        let metric = object.string("metric", required: true)
        if let metric { checkMetric(metric, &object, context: context) }
        let source = object.string("source")
        if let source, let metric { checkSource(source, metric: metric, &object, context: context) }
        let condition = parseCondition(&object)
        let clear = object.number("clear")
        if let clear, let condition { checkClear(clear, condition: condition, &object) }
        let holdFor = object.span("for") ?? .zero
        let repeatEvery = object.span("repeat")
        if let repeatEvery, repeatEvery.milliseconds == 0 { object.report("repeat", "\"repeat\" must be longer than 0s") }
        let resolve = object.bool("resolve") ?? true
        let channels = object.strings("channels") ?? []
        checkChannels(channels, &object, context: context)
        let labels = parseLabels(&object)
        let message = parseMessage(&object)
        let isDisabled = object.bool("disabled") ?? false
        let description = object.string("description")
        guard let name, let metric, let condition else { return nil }
        let origin = "\(object.path):\(object.node.location.line):\(object.node.location.column)"
        return Rule(name: name, metric: metric, source: source, condition: condition, clear: clear, holdFor: holdFor,
                    repeatEvery: repeatEvery, resolve: resolve, channels: channels, labels: labels,
                    message: message, origin: origin, isDisabled: isDisabled, description: description)
    }

    private static func parseCondition(_ object: inout ConfigObject) -> Condition? {
        let present = conditionKeys.filter { object.has($0) }
        guard let first = present.first else {
            for key in conditionKeys { _ = object.member(key) }
            object.report(nil, "rule needs one condition: \"above\", \"below\" or \"change\"")
            return nil
        }
        if present.count > 1 {
            for key in conditionKeys { _ = object.member(key) }
            object.report(present[1], "rule has more than one condition: \"\(present[0])\" and \"\(present[1])\"")
            return nil
        }
        for key in conditionKeys where key != first { _ = object.member(key) }
        switch first {
        case "above": return object.number("above").map(Condition.above)
        case "below": return object.number("below").map(Condition.below)
        default:
            guard var change = object.object("change") else { return nil }
            let percent = change.number("percent", required: true)
            let within = change.span("within", required: true)
            change.finish()
            if percent == 0 { change.report("percent", "\"percent\" must not be 0 (negative for a drop, positive for a rise)") }
            if within?.milliseconds == 0 { change.report("within", "\"within\" must be longer than 0s") }
            guard let percent, let within, percent != 0, within.milliseconds > 0 else { return nil }
            return .change(percent: percent, within: within)
        }
    }

    private static func checkClear(_ clear: Double, condition: Condition, _ object: inout ConfigObject) {
        let threshold = DisplayNumber.format(condition.threshold)
        if condition.triggersUpward, clear > condition.threshold {
            object.report("clear", "\"clear\" (\(DisplayNumber.format(clear))) must not be above the threshold \(threshold): an upward alert clears below it")
        } else if !condition.triggersUpward, clear < condition.threshold {
            object.report("clear", "\"clear\" (\(DisplayNumber.format(clear))) must not be below the threshold \(threshold): a downward alert clears above it")
        }
    }

    static func parseLabels(_ object: inout ConfigObject) -> [Label] {
        guard var labels = object.object("labels") else { return [] }
        var result: [Label] = []
        for member in labels.members {
            guard let value = labels.string(member.key) else { continue }
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

    private static func parseMessage(_ object: inout ConfigObject) -> MessageTemplate? {
        guard let text = object.string("message") else { return nil }
        do {
            return try MessageTemplate(parsing: text)
        } catch {
            var location = object.member("message")!.node.location
            location.column += 1 + error.offset
            object.report(at: location, error.message)
            return nil
        }
    }
}
