/// One alert rule, as loaded and validated from a rule file.
public struct Rule: Sendable, Equatable {
    /// Unique name across all rule files; the `alertname` label.
    public var name: String
    /// Catalog metric, e.g. `btc.usd`.
    public var metric: String
    /// When set, only samples from this feed count.
    public var source: String?
    /// The single condition.
    public var condition: Condition
    /// Hysteresis level: a firing alert resolves once the observation crosses it. Defaults to the
    /// threshold.
    public var clear: Double
    /// How long the condition must hold before the alert fires (zero: at once).
    public var holdFor: TimeSpan
    /// Remind while still firing at this interval; nil: never.
    public var repeatEvery: TimeSpan?
    /// Whether to send a resolved notice.
    public var resolve: Bool
    /// Channel names; empty means the config's `defaults.channels`.
    public var channels: [String]
    /// Free labels passed to channels.
    public var labels: [Label]
    /// The message template (`{{value}}` …); nil: the default for the condition.
    public var message: MessageTemplate?
    /// Where the rule was defined, for logs: `rules/price.json:3:7`.
    public var origin: String
    /// `"disabled": true`: validated like any rule but never evaluated.
    public var isDisabled: Bool
    /// The operator's free text about the rule.
    public var description: String?

    /// Creates a rule; defaults match the contract (`clear` = threshold, `resolve` = true).
    public init(name: String, metric: String, source: String? = nil, condition: Condition,
                clear: Double? = nil, holdFor: TimeSpan = .zero, repeatEvery: TimeSpan? = nil,
                resolve: Bool = true, channels: [String] = [], labels: [Label] = [],
                message: MessageTemplate? = nil, origin: String = "", isDisabled: Bool = false, description: String? = nil) {
        self.name = name
        self.metric = metric
        self.source = source
        self.condition = condition
        self.clear = clear ?? condition.threshold
        self.holdFor = holdFor
        self.repeatEvery = repeatEvery
        self.resolve = resolve
        self.channels = channels
        self.labels = labels
        self.message = message
        self.origin = origin
        self.isDisabled = isDisabled
        self.description = description
    }

    /// A digest of everything that decides when the rule fires. Stored with the rule's state: when
    /// it differs after a reload or restart, the rule starts fresh instead of resuming.
    public var definitionDigest: String {
        var text = "\(metric)|\(source ?? "")|\(clear)|\(holdFor.milliseconds)|"
        switch condition {
        case .above(let level): text += "above:\(level)"
        case .below(let level): text += "below:\(level)"
        case .change(let percent, let within): text += "change:\(percent):\(within.milliseconds)"
        }
        return StableHash.hex(text)
    }
}
