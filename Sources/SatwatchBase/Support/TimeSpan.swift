/// A length of time in whole milliseconds: rule `for`/`repeat`/`within`, feed `stale_after`.
///
/// Written in config as `500ms`, `30s`, `5m`, `2h`, `1d` or combinations such as `1h30m`
/// (see `TimeSpan+Parsing.swift`).
package struct TimeSpan: Sendable, Hashable, Comparable, Codable {
    /// The length in milliseconds.
    package var milliseconds: Int64

    /// Creates a span of `milliseconds`.
    package init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// No time at all.
    package static let zero = TimeSpan(milliseconds: 0)

    /// A span of whole seconds.
    package static func seconds(_ value: Int64) -> TimeSpan { TimeSpan(milliseconds: value * 1000) }

    /// A span of whole minutes.
    package static func minutes(_ value: Int64) -> TimeSpan { TimeSpan(milliseconds: value * 60_000) }

    /// A span of whole hours.
    package static func hours(_ value: Int64) -> TimeSpan { TimeSpan(milliseconds: value * 3_600_000) }

    /// A span of whole days.
    package static func days(_ value: Int64) -> TimeSpan { TimeSpan(milliseconds: value * 86_400_000) }

    /// The span in (fractional) seconds.
    package var seconds: Double { Double(milliseconds) / 1000 }

    /// The span as a Swift `Duration`, for `Task.sleep` and clocks.
    package var duration: Duration { .milliseconds(milliseconds) }

    package static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The sum of two spans.
    package static func + (lhs: TimeSpan, rhs: TimeSpan) -> TimeSpan {
        TimeSpan(milliseconds: lhs.milliseconds &+ rhs.milliseconds)
    }

    /// The span scaled by `factor`.
    package static func * (lhs: TimeSpan, rhs: Int64) -> TimeSpan {
        TimeSpan(milliseconds: lhs.milliseconds &* rhs)
    }
}
