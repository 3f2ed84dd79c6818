extension Setup {
    /// The quiet hours of this config and its rules, for the dispatcher.
    var quietHours: QuietHours {
        var rules: [String: TimeIntervalSchedule] = [:]
        for rule in self.rules where !rule.isDisabled { if let quiet = rule.quiet { rules[rule.name] = quiet } }
        return QuietHours(intervals: config.timeIntervals, channels: config.channelQuiet, rules: rules)
    }
}
