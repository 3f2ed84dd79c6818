import Dispatch

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

    /// The dispatch time this span from now: a deadline for a thread's timed wait or a timer.
    package var fromNow: DispatchTime { .now() + .milliseconds(Int(clamping: milliseconds)) }

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

extension TimeSpan {
    private static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000), ("w", 604_800_000),
    ]

    /// Parses `500ms`, `30s`, `5m`, `2h`, `1d`, `1w` and combinations written largest unit first
    /// (`1h30m`, `2m30s`, `1s500ms`). Returns nil for anything else, including negative values,
    /// fractions, repeated or out-of-order units, and spans beyond about a hundred years.
    package init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var index = 0
        var total: Int64 = 0
        var lastUnit = Int64.max
        while index < bytes.count {
            var number: Int64 = 0
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                number = number &* 10 &+ Int64(bytes[index] - 0x30)
                guard number < 10_000_000_000 else { return nil }
                index += 1
            }
            guard index > digitsStart else { return nil }
            var unit: Int64?
            for candidate in Self.units where Self.matches(bytes, at: index, candidate.suffix) {
                unit = candidate.milliseconds
                index += candidate.suffix.utf8.count
                break
            }
            guard let unit, unit < lastUnit else { return nil }
            lastUnit = unit
            total += number * unit
            guard total <= 3_153_600_000_000 else { return nil }
        }
        self.init(milliseconds: total)
    }

    /// True when `suffix` stands at `index`. `ms` is listed before `m` so it wins.
    private static func matches(_ bytes: [UInt8], at index: Int, _ suffix: String) -> Bool {
        let suffixBytes = Array(suffix.utf8)
        guard index + suffixBytes.count <= bytes.count else { return false }
        for (offset, byte) in suffixBytes.enumerated() where bytes[index + offset] != byte { return false }
        // `m` must not be the start of `ms`.
        if suffix == "m", index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "s") { return false }
        return true
    }

    /// The span written the way config accepts it: `1h30m`, `45s`, `500ms`, `0s`.
    package var text: String {
        guard milliseconds > 0 else { return milliseconds == 0 ? "0s" : "-" + TimeSpan(milliseconds: -milliseconds).text }
        var rest = milliseconds
        var parts = ""
        for (suffix, size) in Self.units.reversed() where suffix != "w" && rest >= size {
            parts += "\(rest / size)\(suffix)"
            rest %= size
        }
        return parts
    }

    /// The span to the second, for what people read of a measured time (`30s` for 30.001 s,
    /// `2m5s`): the milliseconds of a measurement are noise there. A span under a second keeps
    /// them (`250ms`).
    package var wholeSecondsText: String {
        milliseconds < 1000 ? text : TimeSpan(milliseconds: milliseconds - milliseconds % 1000).text
    }
}
