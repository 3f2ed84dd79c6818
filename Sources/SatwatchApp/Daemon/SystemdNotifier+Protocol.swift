import Glibc

/// The pure parts of the notify protocol: reading the environment, writing a message.
extension SystemdNotifier {
    /// `sun_path`'s bytes for a `NOTIFY_SOCKET` value: an absolute path, or `@name` for the
    /// abstract namespace (its `@` becomes a NUL); nil for anything else or a name too long.
    static func socketPath(_ value: String) -> [UInt8]? {
        var bytes = Array(value.utf8)
        switch bytes.first {
        case UInt8(ascii: "/"): guard !bytes.contains(0) else { return nil }
        case UInt8(ascii: "@"): bytes[0] = 0
        default: return nil
        }
        // A path needs room for its terminating NUL.
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - (bytes[0] == 0 ? 0 : 1)
        return bytes.count >= 2 && bytes.count <= capacity ? bytes : nil
    }

    /// Half of `WATCHDOG_USEC` when the watchdog is meant for this process (`WATCHDOG_PID` unset
    /// or `pid`); nil otherwise.
    static func watchdogInterval(_ environment: [String: String], pid: Int32) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        return .microseconds(Int64(clamping: usec / 2))
    }

    /// One datagram's text: `KEY=value` lines. A value keeps to its line (newlines become spaces).
    static func message(_ fields: [(String, String)]) -> String {
        fields.map { "\($0.0)=\(String($0.1.map { $0.isNewline ? " " : $0 }))" }.joined(separator: "\n")
    }

    /// `RELOADING=1` with the CLOCK_MONOTONIC time systemd wants with it (sd_notify(3)).
    static func reloading(now: UInt64 = monotonicMicroseconds()) -> [(String, String)] {
        [("RELOADING", "1"), ("MONOTONIC_USEC", "\(now)")]
    }

    /// CLOCK_MONOTONIC in microseconds.
    static func monotonicMicroseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1_000
    }
}
