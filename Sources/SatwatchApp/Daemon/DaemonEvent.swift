import SatwatchBase

/// What the daemon's main loop reacts to, in the order it happened.
enum DaemonEvent: Sendable {
    /// SIGTERM, SIGINT or SIGHUP.
    case signal(UnixSignal)
    /// A service ended by itself (generation `generation`, or a feed when nil).
    case serviceEnded(ServiceGroup.Ending, generation: Int?)
}
