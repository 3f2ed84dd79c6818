import SatwatchBase

extension ConfigObject {
    /// A polled feed's `"every"`: its poll interval, at least `shortest`; nil when absent, or
    /// after reporting one too short.
    mutating func pollInterval(atLeast shortest: TimeSpan) -> TimeSpan? {
        guard let every = span("every") else { return nil }
        guard every >= shortest else {
            report("every", "\"every\" must be at least \(shortest.text)")
            return nil
        }
        return every
    }
}
