import SatwatchBase

/// A channel's `"group": {"wait": "10s", "interval": "1m"}`: notifications that arrive within
/// `wait` of the first go out as one message, and a channel that has just sent a group waits
/// `interval` before the next. Alertmanager's `group_wait` and `group_interval`, and its defaults.
package struct GroupTiming: Sendable, Equatable {
    /// How long the first notification of a group waits for others.
    package var wait: TimeSpan
    /// The least time between two group messages of the channel.
    package var interval: TimeSpan

    /// Alertmanager's `group_wait` default.
    package static let defaultWait = TimeSpan.seconds(30)
    /// Alertmanager's `group_interval` default.
    package static let defaultInterval = TimeSpan.minutes(5)

    /// Creates a timing.
    package init(wait: TimeSpan = defaultWait, interval: TimeSpan = defaultInterval) {
        self.wait = wait
        self.interval = interval
    }
}

extension ConfigObject {
    /// `"group"`: an object with `wait` and `interval` (each optional, 0s allowed, at most a day).
    package mutating func groupTiming() -> GroupTiming? {
        guard var group = object("group") else { return nil }
        var timing = GroupTiming()
        for (key, path) in [("wait", \GroupTiming.wait), ("interval", \GroupTiming.interval)] {
            guard let span = group.span(key) else { continue }
            if span.milliseconds < 0 || span > .hours(24) {
                group.report(key, "\"\(key)\" must be from 0s to 24h")
            } else {
                timing[keyPath: path] = span
            }
        }
        group.finish()
        return timing
    }
}
