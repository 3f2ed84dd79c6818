/// The config's `time_intervals` as `mute_during` and `active_during` check names against: the
/// ones that loaded, and the ones defined with a problem. Those were reported where they are
/// defined, so a reference to one adds no second, misleading "unknown time interval".
package struct KnownTimeIntervals: Sendable, Equatable {
    /// The intervals that loaded, by name.
    package var valid: [String: [TimeInterval]] = [:]
    /// Names defined with a problem (a missing zone, a bad time), left out of `valid`.
    package var broken: Set<String> = []

    /// The intervals of a config: those that loaded and the names of those that did not.
    package init(valid: [String: [TimeInterval]] = [:], broken: Set<String> = []) {
        self.valid = valid
        self.broken = broken
    }
}
