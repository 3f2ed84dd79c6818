import SatwatchBase

/// The config's quiet hours: its named `time_intervals`, and the `mute_during` /
/// `active_during` of each channel and rule. A notification is held while its channel or its
/// rule is muted.
package struct QuietHours: Sendable {
    let intervals: [String: [TimeInterval]]
    let channels: [String: TimeIntervalSchedule]
    let rules: [String: TimeIntervalSchedule]

    /// No quiet hours at all.
    package static let none = QuietHours(intervals: [:], channels: [:], rules: [:])

    /// Quiet hours from the config's named `intervals` and the schedules of its channels and rules.
    package init(intervals: [String: [TimeInterval]], channels: [String: TimeIntervalSchedule],
                 rules: [String: TimeIntervalSchedule]) {
        self.intervals = intervals
        self.channels = channels
        self.rules = rules
    }

    /// The longest a notification is held: past it, a window that never ends is treated as
    /// ending then (a misconfigured `active_during` must not hold alerts for ever).
    static let longestHold = TimeSpan.days(31)

    /// Whether `channel` itself is muted at `now`.
    func isMuted(channel: String, at now: Timestamp) -> Bool {
        channels[channel]?.isMuted(at: now, in: intervals) ?? false
    }

    /// Whether `channel` or `rule` is muted at `now`.
    func isMuted(channel: String, rule: String, at now: Timestamp) -> Bool {
        (channels[channel]?.isMuted(at: now, in: intervals) ?? false) || (rules[rule]?.isMuted(at: now, in: intervals) ?? false)
    }

    /// The first whole minute after `now` at which neither is muted (windows are set in minutes),
    /// at most `longestHold` away.
    func releaseTime(channel: String, rule: String, after now: Timestamp) -> Timestamp {
        let minute: Int64 = 60_000
        var at = Timestamp(milliseconds: (now.milliseconds / minute + 1) * minute)
        let limit = now + Self.longestHold
        while at < limit, isMuted(channel: channel, rule: rule, at: at) { at = at + .minutes(1) }
        return min(at, limit)
    }

    /// Whether nothing is ever muted (then there is no stage).
    var isEmpty: Bool { channels.isEmpty && rules.isEmpty }
}
