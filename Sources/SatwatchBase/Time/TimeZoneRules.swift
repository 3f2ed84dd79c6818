/// A time zone's offsets from UTC over time, read from the system's zoneinfo (TZif) by our own
/// reader rather than Foundation's `TimeZone`, whose data on Linux comes from a bundled ICU
/// copy that may lag the system's tzdata.
///
/// Instants before the first transition use local time type 0 (RFC 8536 section 3.2); instants
/// at or after the last one use the footer's TZ rule, or the last type when there is none.
struct TimeZoneRules: Sendable, Equatable {
    /// The name it was loaded by (`Europe/Berlin`, `UTC`, `Local`).
    let name: String
    /// Unix seconds at which the local time type changes, ascending.
    let transitions: [Int64]
    /// For each transition, the index into `types` in effect from it on.
    let transitionTypes: [Int]
    /// The local time types; never empty.
    let types: [LocalTimeType]
    /// The rule for instants past the last transition (TZif version 2+ footer).
    let footer: PosixTimeZone?

    /// UTC without a file.
    static let utc = TimeZoneRules(name: "UTC", transitions: [], transitionTypes: [], types: [.utc], footer: nil)

    /// The local time type in effect at `instant`.
    func localTimeType(at instant: Timestamp) -> LocalTimeType {
        localTimeType(atSecond: instant.milliseconds.floorDivided(by: 1000).quotient)
    }

    /// Seconds east of UTC at `instant` (Berlin in summer: 7200).
    package func offset(at instant: Timestamp) -> Int { localTimeType(at: instant).utcOffset }

    /// The wall-clock date and time in this zone at `instant`.
    func localTime(at instant: Timestamp) -> LocalDateTime {
        let seconds = instant.milliseconds.floorDivided(by: 1000).quotient
        return LocalDateTime(epochSeconds: seconds, utcOffset: localTimeType(atSecond: seconds).utcOffset)
    }

    private func localTimeType(atSecond seconds: Int64) -> LocalTimeType {
        guard let last = transitions.last else { return footer?.localTimeType(at: seconds) ?? types[0] }
        if seconds >= last, let footer { return footer.localTimeType(at: seconds) }
        // The last transition at or before `seconds`.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? types[0] : types[transitionTypes[low - 1]]
    }
}
