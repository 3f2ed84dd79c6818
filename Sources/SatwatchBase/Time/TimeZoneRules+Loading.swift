import Glibc

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
