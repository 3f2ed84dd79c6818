/// The config's `time_intervals` as `mute_during` and `active_during` check names against: the
/// ones that loaded, and the ones defined with a problem. Those were reported where they are
/// defined, so a reference to one adds no second, misleading "unknown time interval".
struct KnownTimeIntervals: Sendable, Equatable {
    /// The intervals that loaded, by name.
    var valid: [String: [TimeInterval]] = [:]
    /// Names defined with a problem (a missing zone, a bad time), left out of `valid`.
    var broken: Set<String> = []
}
