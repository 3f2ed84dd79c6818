import SatwatchBase

/// One alert rule, as loaded and validated from a rule file.
package struct Rule: Sendable {
    /// Unique name across all rule files; the `alertname` label.
    package var name: String
    /// The metric the rule watches (the `metric` label); for `all`/`any`, its parts' metrics
    /// joined by commas.
    package var metric: String
    /// When set, only samples from this feed count for `metric`.
    package var source: String?
    /// The condition (see `RuleCondition`).
    package var condition: any RuleCondition
    /// How long the condition must hold before the alert fires (zero: at once).
    package var holdFor: TimeSpan
    /// Remind while still firing at this interval; nil: never.
    package var repeatEvery: TimeSpan?
    /// Whether to send a resolved notice.
    package var resolve: Bool
    /// Evaluate once per closed candle of this length (UTC-aligned), on its close; nil: on every sample.
    package var candle: TimeSpan?
    /// Disable the rule after its first notification (until its definition changes).
    package var once: Bool
    /// Channel names; empty means the config's `defaults.channels`.
    package var channels: [String]
    /// Free labels passed to channels.
    package var labels: [Label]
    /// The message template (`{{value}}` …); nil: the default for the condition.
    package var message: MessageTemplate?
    /// The template for resolved notices; nil: see `template(for:)`.
    package var resolvedMessage: MessageTemplate?
    /// Where the rule was defined, for logs: `rules/price.json:3:7`.
    package var origin: String
    /// `"disabled": true`: validated like any rule but never evaluated.
    package var isDisabled: Bool
    /// The operator's free text about the rule.
    package var description: String?
    /// When its notifications are held (`mute_during`, `active_during`).
    package var quiet: TimeIntervalSchedule?

    /// Creates a rule; defaults match the contract (`resolve` = true). `metric` defaults to the
    /// condition's metrics.
    package init(name: String, metric: String? = nil, source: String? = nil, condition: any RuleCondition,
                holdFor: TimeSpan = .zero, repeatEvery: TimeSpan? = nil, resolve: Bool = true, candle: TimeSpan? = nil,
                once: Bool = false, channels: [String] = [], labels: [Label] = [], message: MessageTemplate? = nil,
                resolvedMessage: MessageTemplate? = nil, origin: String = "", isDisabled: Bool = false,
                description: String? = nil) {
        self.name = name
        self.metric = metric ?? condition.metrics.joined(separator: ",")
        self.source = source
        self.condition = condition
        self.holdFor = holdFor
        self.repeatEvery = repeatEvery
        self.resolve = resolve && !condition.isEvent
        self.candle = candle
        self.once = once
        self.channels = channels
        self.labels = labels
        self.message = message
        self.resolvedMessage = resolvedMessage
        self.origin = origin
        self.isDisabled = isDisabled
        self.description = description
    }
}

extension Rule {
    /// A digest of everything that decides when the rule fires. Stored with the rule's state: when
    /// it differs after a reload or restart, the rule starts fresh instead of resuming.
    ///
    /// A rule version 1 could express (`above`, `below`, `change` in percent, numbers only) keeps
    /// version 1's digest, so upgrading does not reset it: a firing alert is not announced again.
    package var definitionDigest: String {
        var text: String
        if let v1 = (condition as? VersionOneDigest)?.versionOneText {
            text = "\(metric)|\(source ?? "")|\(v1.clear)|\(holdFor.milliseconds)|\(v1.condition)"
        } else {
            text = "2|\(source ?? "")|\(holdFor.milliseconds)|\(condition.definition)"
        }
        if let candle { text += "|candle:\(candle.milliseconds)" }
        if once { text += "|once" }
        return StableHash.hex(text)
    }
}

extension Rule: Equatable {
    package static func == (lhs: Rule, rhs: Rule) -> Bool {
        lhs.name == rhs.name && lhs.metric == rhs.metric && lhs.source == rhs.source
            && lhs.condition.definition == rhs.condition.definition && lhs.holdFor == rhs.holdFor
            && lhs.repeatEvery == rhs.repeatEvery && lhs.resolve == rhs.resolve && lhs.candle == rhs.candle
            && lhs.once == rhs.once && lhs.channels == rhs.channels && lhs.labels == rhs.labels
            && lhs.message == rhs.message && lhs.resolvedMessage == rhs.resolvedMessage && lhs.origin == rhs.origin
            && lhs.isDisabled == rhs.isDisabled && lhs.description == rhs.description && lhs.quiet == rhs.quiet
    }
}

/// A condition version 1 could express, with the pieces of version 1's digest text.
protocol VersionOneDigest {
    /// `clear` as version 1 printed it, and `above:100000.0`; nil when it uses anything newer.
    var versionOneText: (clear: Double, condition: String)? { get }
}
