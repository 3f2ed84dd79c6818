@testable import SatwatchBase
@testable import SatwatchDelivery

extension DeliveryPlan {
    /// A plan with quiet hours, groups and rate overrides set by hand, as a config would give them.
    init(quiet: QuietHours = .none, groups: [String: GroupTiming] = [:], rates: [String: RateLimit] = [:]) {
        self.init()
        intervals = quiet.intervals
        ruleQuiet = quiet.rules
        for (channel, schedule) in quiet.channels { set(QuietHoursStage.self, schedule, for: channel) }
        for (channel, timing) in groups { set(GroupStage.self, timing, for: channel) }
        for (channel, rate) in rates { set(RateLimitStage.self, rate, for: channel) }
    }
}
