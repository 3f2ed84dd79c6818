/// One alert rule, as loaded and validated from a rule file.
public struct Rule: Sendable {
    /// Unique name across all rule files; the `alertname` label.
    public var name: String
    /// The metric the rule watches (the `metric` label); for `all`/`any`, its parts' metrics
    /// joined by commas.
    public var metric: String
    /// When set, only samples from this feed count for `metric`.
    public var source: String?
    /// The condition (see `RuleCondition`).
    public var condition: any RuleCondition
    /// How long the condition must hold before the alert fires (zero: at once).
    public var holdFor: TimeSpan
    /// Remind while still firing at this interval; nil: never.
    public var repeatEvery: TimeSpan?
    /// Whether to send a resolved notice.
    public var resolve: Bool
    /// Evaluate once per closed candle of this length (UTC-aligned), on its close; nil: on every sample.
    public var candle: TimeSpan?
    /// Disable the rule after its first notification (until its definition changes).
    public var once: Bool
    /// Channel names; empty means the config's `defaults.channels`.
    public var channels: [String]
    /// Free labels passed to channels.
    public var labels: [Label]
    /// The message template (`{{value}}` …); nil: the default for the condition.
    public var message: MessageTemplate?
    /// The template for resolved notices; nil: `message`, or the default.
    public var resolvedMessage: MessageTemplate?
    /// Where the rule was defined, for logs: `rules/price.json:3:7`.
    public var origin: String
    /// `"disabled": true`: validated like any rule but never evaluated.
    public var isDisabled: Bool
    /// The operator's free text about the rule.
    public var description: String?
    /// When its notifications are held (`mute_during`, `active_during`).
    var quiet: TimeIntervalSchedule?

    /// Creates a rule; defaults match the contract (`resolve` = true). `metric` defaults to the
    /// condition's metrics.
    public init(name: String, metric: String? = nil, source: String? = nil, condition: any RuleCondition,
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
