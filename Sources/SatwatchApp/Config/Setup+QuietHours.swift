import SatwatchBase
import SatwatchDelivery

extension Setup {
    /// The quiet hours of this config and its rules, for the dispatcher.
    var quietHours: QuietHours {
        var rules: [String: TimeIntervalSchedule] = [:]
        for rule in self.rules where !rule.isDisabled { if let quiet = rule.quiet { rules[rule.name] = quiet } }
        return QuietHours(intervals: config.timeIntervals, channels: config.channelDelivery.quiet, rules: rules)
    }

    /// Each channel's rate limits: its `rate`, else its service's own.
    var rateLimits: [String: [RateLimit]] {
        config.channels.mapValues(\.rateLimits).filter { !$0.value.isEmpty }
            .merging(config.channelDelivery.rates.mapValues { [$0] }) { _, override in override }
    }
}
