extension ConfigObject {
    /// A channel's or rule's `mute_during` and `active_during`, checked against the config's
    /// `time_intervals` (`known`; nil when not checked, as in a rule test file); nil when it has
    /// neither.
    package mutating func quietHours(known: KnownTimeIntervals?) -> TimeIntervalSchedule? {
        guard has("mute_during") || has("active_during") else { return nil }
        guard let known else {
            return TimeIntervalSchedule(muteDuring: strings("mute_during") ?? [], activeDuring: strings("active_during") ?? [])
        }
        return TimeIntervalSchedule(muteDuring: timeIntervalNames("mute_during", known: known) ?? [],
                                    activeDuring: timeIntervalNames("active_during", known: known) ?? [])
    }
}
