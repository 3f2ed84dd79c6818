/// How messages for people show a time: to the minute with the zone's abbreviation,
/// `2026-11-29 05:16 UTC`, or in a channel's `"time_zone"` (`2026-11-29 06:16 CET`). Machine
/// fields (webhook JSON, `Date` headers, logs) keep RFC 3339.
package struct DisplayTime: Sendable, Equatable {
    let zone: TimeZoneRules

    /// Times in UTC.
    package static let utc = DisplayTime(zone: .utc)

    /// `2026-11-29 05:16 UTC`.
    package func format(_ instant: Timestamp) -> String {
        let local = zone.localTime(at: instant)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(local.year, 4))-\(pad(local.month, 2))-\(pad(local.day, 2)) \(pad(local.hour, 2)):\(pad(local.minute, 2)) "
            + zone.localTimeType(at: instant).abbreviation
    }
}

extension ConfigObject {
    /// A channel's `"time_zone"` (an IANA name such as `Europe/Berlin`, read from the system's
    /// zoneinfo): UTC when absent; nil, with the problem reported at its place, when it cannot be
    /// loaded.
    package mutating func displayTime(_ key: String = "time_zone", zoneRoot: String = "/usr/share/zoneinfo") -> DisplayTime? {
        guard has(key) else { return .utc }
        guard let member = member(key), let name = expandedString(member.node) else { return nil }
        do {
            return DisplayTime(zone: try TimeZoneRules.load(named: name, root: zoneRoot))
        } catch {
            report(at: member.node.location, error.problem(loading: name, as: "time zone", root: zoneRoot))
            return nil
        }
    }
}
