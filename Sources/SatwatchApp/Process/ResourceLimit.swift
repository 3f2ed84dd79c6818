import Glibc

/// One of the process's resource limits (`getrlimit`/`setrlimit`): the soft limit in force and
/// the hard one it may be raised to; nil means unlimited.
struct ResourceLimit: Equatable {
    /// The limit in force.
    var soft: UInt64?
    /// The most the soft limit may be raised to without privileges.
    var hard: UInt64?

    /// Descriptors a process may have open (`ulimit -n`, systemd's `LimitNOFILE=`).
    static let openFiles = Int32(RLIMIT_NOFILE.rawValue)
    /// Bytes of address space (`ulimit -v`, systemd's `LimitAS=`).
    static let addressSpace = Int32(RLIMIT_AS.rawValue)
    /// Bytes of the main thread's stack, and glibc's default for other threads (`ulimit -s`).
    static let stack = Int32(RLIMIT_STACK.rawValue)

    /// The current limits of `resource`; nil when they cannot be read.
    static func read(_ resource: Int32) -> ResourceLimit? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 else { return nil }
        return ResourceLimit(soft: value(limit.rlim_cur), hard: value(limit.rlim_max))
    }

    /// Sets `resource`'s soft limit to `soft`, keeping the hard one; the errno on failure.
    static func raiseSoft(_ resource: Int32, to soft: UInt64?, hard: UInt64?) -> Int32? {
        var limit = rlimit(rlim_cur: soft.map { rlim_t($0) } ?? rlim_t.max, rlim_max: hard.map { rlim_t($0) } ?? rlim_t.max)
        return setrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 ? nil : errno
    }

    private static func value(_ raw: rlim_t) -> UInt64? { raw == rlim_t.max ? nil : UInt64(raw) }
}
