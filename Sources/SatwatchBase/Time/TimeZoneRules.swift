import Glibc

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

extension TimeZoneRules {
    /// Loads the zone `name` (an IANA name such as `Europe/Berlin`) from the TZif file under
    /// `root`. `UTC` is built in; `Local` reads `/etc/localtime` (UTC when there is none, as
    /// glibc does). Names with a `..` component, a leading `/` or characters no IANA name has
    /// are refused before any file is opened, so a config cannot make us read other files.
    static func load(named name: String, root: String = "/usr/share/zoneinfo") throws(TimeZoneError) -> TimeZoneRules {
        if name == "UTC" { return .utc }
        if name == "Local" {
            let path = "/etc/localtime"
            switch FileBytes.read(path, limit: .timeZone) {
            case .success(let bytes): return try TZifReader(bytes: bytes, path: path).rules(name: name)
            case .failure(.system(ENOENT)):
                return TimeZoneRules(name: name, transitions: [], transitionTypes: [], types: [.utc], footer: nil)
            case .failure(let failure): throw unreadable(path, failure)
            }
        }
        if let problem = nameProblem(name) { throw TimeZoneError(kind: .invalidName, path: name, message: problem) }
        let path = root.hasSuffix("/") ? root + name : root + "/" + name
        switch FileBytes.read(path, limit: .timeZone) {
        case .success(let bytes): return try TZifReader(bytes: bytes, path: path).rules(name: name)
        case .failure(.system(ENOENT)), .failure(.system(ENOTDIR)):
            throw TimeZoneError(kind: .unknownZone, path: path, message: "no such time zone file")
        case .failure(.notARegularFile(kind: FileBytes.kind(of: S_IFDIR))):
            throw TimeZoneError(kind: .unknownZone, path: path, message: "a folder of zones, not a time zone file")
        case .failure(let failure): throw unreadable(path, failure)
        }
    }

    /// Why `name` cannot be a zone name, or nil when it can.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "empty time zone name" }
        if name.hasPrefix("/") { return "a time zone name is relative to the zoneinfo folder and cannot start with \"/\"" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) {
            return "a time zone name cannot contain \"..\" or empty parts"
        }
        let allowed = { (byte: UInt8) in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == 0x2F || byte == 0x5F || byte == 0x2D || byte == 0x2B || byte == 0x2E
        }
        if !name.utf8.allSatisfy(allowed) { return "a time zone name has only letters, digits and / _ - + ." }
        return nil
    }

    private static func unreadable(_ path: String, _ failure: FileBytes.Failure) -> TimeZoneError {
        guard case .system(let code) = failure else { return TimeZoneError(kind: .unreadable, path: path, message: failure.message) }
        return TimeZoneError(kind: .unreadable, path: path, message: "cannot read: \(ErrnoText.describe(code))")
    }
}
