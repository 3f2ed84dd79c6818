import Glibc

/// The signals the daemon handles.
package enum UnixSignal: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Stop gracefully (systemd, docker stop).
    case terminate = 15
    /// Stop gracefully (Ctrl-C).
    case interrupt = 2
    /// Reload config and rules.
    case hangup = 1

    package var description: String {
        switch self {
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        case .hangup: "SIGHUP"
        }
    }
}
