/// A point in time as whole milliseconds since the Unix epoch (UTC).
///
/// The engine runs on this rather than `Date` so that evaluation is integer arithmetic and time
/// can be injected: live runs use the wall clock, `replay` and `test` use recorded time.
package struct Timestamp: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    package var milliseconds: Int64

    /// Creates a timestamp from milliseconds since the epoch.
    package init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The Unix epoch.
    package static let epoch = Timestamp(milliseconds: 0)

    /// Later than any real time.
    package static let distantFuture = Timestamp(milliseconds: .max)

    /// Seconds since the epoch.
    package var seconds: Double { Double(milliseconds) / 1000 }

    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The timestamp `span` later.
    package static func + (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        Timestamp(milliseconds: lhs.milliseconds &+ rhs.milliseconds)
    }

    /// The timestamp `span` earlier.
    package static func - (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        Timestamp(milliseconds: lhs.milliseconds &- rhs.milliseconds)
    }

    /// The time from `rhs` to `lhs`.
    package static func - (lhs: Timestamp, rhs: Timestamp) -> TimeSpan {
        TimeSpan(milliseconds: lhs.milliseconds &- rhs.milliseconds)
    }
}
