import SatwatchBase

/// Every delivery stage, in the order entries go through them: the one place a stage is
/// registered. Expired entries go first (they are dead whatever else holds), then silences and
/// quiet hours (an entry's own reasons), then the message is formed (grouping), capped and paced.
enum DeliveryStages {
    static let all: [any DeliveryStageKind.Type] = [
        ExpiryStage.self, SilenceStage.self, QuietHoursStage.self, GroupStage.self, CapStage.self, RateLimitStage.self,
    ]

    /// The stages of a config, in order.
    static func make(plan: DeliveryPlan, channels: [String: any Channel]) -> [any DeliveryStage] {
        all.compactMap { kind in
            kind.make(StageContext(settings: plan.channelSettings[kind.planKey] ?? [:], plan: plan, channels: channels))
        }
    }
}

/// What a config says about how its channels are delivered to, beside the channels themselves:
/// each stage's settings of each channel (its `group`, `rate`, `mute_during`, …, read by the
/// stage itself), the named time intervals, and each rule's quiet hours and delivery keys.
package struct DeliveryPlan: Sendable {
    /// Each stage kind's settings, by kind (`DeliveryStageKind.planKey`), then by channel.
    var channelSettings: [String: [String: any Sendable]] = [:]
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
        for kind in DeliveryStages.all {
            if let settings = kind.readChannel(&object, intervals: intervals) { channelSettings[kind.planKey, default: [:]][name] = settings }
        }
    }

    /// Sets `kind`'s settings of `channel` (for tests and tools that build a plan by hand).
    mutating func set<Kind: DeliveryStageKind>(_ kind: Kind.Type, _ settings: any Sendable, for channel: String) {
        channelSettings[kind.planKey, default: [:]][channel] = settings
    }

    /// The channels `kind` has settings for.
    func channels<Kind: DeliveryStageKind>(with kind: Kind.Type) -> Set<String> { Set((channelSettings[kind.planKey] ?? [:]).keys) }
}
