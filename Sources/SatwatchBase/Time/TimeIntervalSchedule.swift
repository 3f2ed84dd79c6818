/// The `mute_during` and `active_during` of a channel or rule, as Alertmanager's route
/// `mute_time_intervals` and `active_time_intervals`: muted while any mute interval contains
/// the instant, and, when active intervals are given, while none of them does.
package struct TimeIntervalSchedule: Sendable, Equatable {
    /// Names from `mute_during`.
    var muteDuring: [String] = []
    /// Names from `active_during`; empty means always active.
    var activeDuring: [String] = []

    /// Whether notifications are held at `instant`. Names missing from `intervals` (the config
    /// check rejects them) match nothing.
    package func isMuted(at instant: Timestamp, in intervals: [String: [TimeInterval]]) -> Bool {
        let within = { (name: String) in intervals[name]?.anyContains(instant) ?? false }
        if muteDuring.contains(where: within) { return true }
        return !activeDuring.isEmpty && !activeDuring.contains(where: within)
    }
}
