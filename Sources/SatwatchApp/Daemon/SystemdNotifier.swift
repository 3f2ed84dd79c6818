import Glibc
import SatwatchBase

/// Tells systemd how the worker is doing, as sd_notify(3) does: one datagram per message
/// (`READY=1`, `RELOADING=1`, `STOPPING=1`, `WATCHDOG=1`) to the AF_UNIX socket that
/// `NOTIFY_SOCKET` names. Written here rather than linking libsystemd: the protocol is that one
/// datagram, and the worker stays free of package and library dependencies.
final class SystemdNotifier: Sendable {
    private let descriptor: Int32
    /// `sun_path`'s bytes; an abstract name starts with NUL.
    private let path: [UInt8]
    /// How often to send `WATCHDOG=1` (half of `WATCHDOG_USEC`, as sd_watchdog_enabled(3)
    /// advises); nil when systemd does not watch this process.
    let watchdogInterval: Duration?

    /// The notifier systemd asked for, or nil when `NOTIFY_SOCKET` is not set (not run by systemd's
    /// `Type=notify`) or unusable (logged). Unsets the variables, as sd_notify's
    /// `unset_environment` does, so that no child process reports in the worker's name. Called
    /// before any feed or channel starts: no other thread reads the environment yet.
    static func fromEnvironment(_ environment: [String: String], logger: Logger) -> SystemdNotifier? {
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { unsetenv(name) }
        guard let value = environment["NOTIFY_SOCKET"] else { return nil }
        guard let path = socketPath(value) else {
            logger.warn("NOTIFY_SOCKET is neither an absolute path nor an @abstract name; systemd is not told the worker's state",
                        ["NOTIFY_SOCKET": value])
            return nil
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else {
            logger.warn("cannot open a socket to NOTIFY_SOCKET; systemd is not told the worker's state",
                        ["error": ErrnoText.describe(errno)])
            return nil
        }
        return SystemdNotifier(descriptor: descriptor, path: path,
                               watchdogInterval: watchdogInterval(environment, pid: getpid()))
    }

    private init(descriptor: Int32, path: [UInt8], watchdogInterval: Duration?) {
        self.descriptor = descriptor
        self.path = path
        self.watchdogInterval = watchdogInterval
    }

    deinit { close(descriptor) }

    /// Sends one message. Never blocks (the socket is non-blocking) and never fails the worker:
    /// a lost datagram costs at worst one missed watchdog ping, and the next one follows.
    func send(_ fields: [(String, String)]) {
        let bytes = Array(Self.message(fields).utf8)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        // A path is counted with its terminating NUL; an abstract name is exactly its bytes.
        let length = MemoryLayout<sa_family_t>.size + path.count + (path.first == 0 ? 0 : 1)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), socketAddress, socklen_t(length))
            }
        }
    }

    /// Sends `WATCHDOG=1` now, then every `watchdogInterval` from a task until it is cancelled;
    /// nil when systemd does not watch. The first ping goes out before this returns, so before
    /// `READY=1`: a ping never sent is then shown by `READY` arriving without one ahead of it.
    /// The pings show the process's own liveness (its tasks still get scheduled), never the
    /// feeds': a feed outage is reported, and must not make systemd kill the worker.
    func startWatchdog() -> Task<Void, Never>? {
        guard let watchdogInterval else { return nil }
        send([("WATCHDOG", "1")])
        return Task {
            // The sleep throws once the task is cancelled, which ends the pings.
            while (try? await Task.sleep(for: watchdogInterval)) != nil {
                send([("WATCHDOG", "1")])
            }
        }
    }
}

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
