import SatwatchBase

/// Every delivery stage, in the order entries go through them: the one place a stage is
/// registered. Expired entries go first (they are dead whatever else holds), then silences and
/// quiet hours (an entry's own reasons), then the message is formed (grouping), capped and paced.
enum DeliveryStages {
    static let all: [any DeliveryStageKind.Type] = [
        ExpiryStage.self,
        SilenceStage.self,
        QuietHoursStage.self,
        MinIntervalStage.self,
        GroupStage.self,
        CapStage.self,
        RateLimitStage.self,
    ]

    /// The stages of a config, in order.
    static func make(plan: DeliveryPlan, channels: [String: any Channel]) -> [any DeliveryStage] {
        all.compactMap { make($0, plan: plan, channels: channels) }
    }

    /// `kind`'s stage of a config, made with its own settings.
    private static func make<Kind: DeliveryStageKind>(_ kind: Kind.Type, plan: DeliveryPlan, channels: [String: any Channel]) -> (any DeliveryStage)? {
        kind.make(StageContext(settings: plan.settings(of: kind), plan: plan, channels: channels))
    }
}

/// What a config says about how its channels are delivered to, beside the channels themselves:
/// each stage's settings of each channel (its `group`, `rate`, `mute_during`, …, read by the
/// stage itself), the named time intervals, and each rule's quiet hours and delivery keys.
package struct DeliveryPlan: Sendable {
    /// Each stage kind's settings, by kind (`DeliveryStageKind.planKey`), then by channel: each
    /// kind's own `Settings`, read back typed by `settings(of:)`.
    private var channelSettings: [String: [String: any Sendable]] = [:]
    /// The config's named time intervals, which quiet hours name.
    package var intervals: [String: [TimeInterval]] = [:]
    /// Each rule's quiet hours (`mute_during`, `active_during`), by rule name.
    package var ruleQuiet: [String: TimeIntervalSchedule] = [:]
    /// How long an entry may wait before it is given up (`RetryPolicy.maxAge`).
    package var maxAge = RetryPolicy().maxAge

    /// A plan with no stage settings at all.
    package init() {}

    /// Reads every stage's keys of channel `name` from its config object, problems reported in place.
    package mutating func readChannel(_ name: String, _ object: inout ConfigObject, intervals: KnownTimeIntervals) {
        for kind in DeliveryStages.all { read(kind, of: name, &object, intervals: intervals) }
    }

    /// Reads `kind`'s settings of channel `name`, when it sets any.
    private mutating func read<Kind: DeliveryStageKind>(_ kind: Kind.Type, of name: String, _ object: inout ConfigObject, intervals: KnownTimeIntervals) {
        if let settings = kind.readChannel(&object, intervals: intervals) { set(kind, settings, for: name) }
    }

    /// Sets `kind`'s settings of `channel` (for tests and tools that build a plan by hand).
    mutating func set<Kind: DeliveryStageKind>(_ kind: Kind.Type, _ settings: Kind.Settings, for channel: String) {
        channelSettings[kind.planKey, default: [:]][channel] = settings
    }

    /// `kind`'s settings, by channel.
    func settings<Kind: DeliveryStageKind>(of kind: Kind.Type) -> [String: Kind.Settings] {
        // Only `set` files settings under the kind's key, always of its own type.
        (channelSettings[kind.planKey] ?? [:]).compactMapValues { $0 as? Kind.Settings }
    }

    /// The channels `kind` has settings for.
    func channels<Kind: DeliveryStageKind>(with kind: Kind.Type) -> Set<String> { Set(settings(of: kind).keys) }
}
