import Glibc
import Synchronization

/// Whether the process ran out of file descriptors (`EMFILE`, or the system's table: `ENFILE`),
/// wherever that was found: the endpoint's `accept`, a curl transfer's `socket`, a wake-up
/// pipe, SQLite opening its files. Descriptors are the process's, not a part's, so there is one
/// board, `process`. The first refusal of a shortage is logged, naming the errno and the limit;
/// `/healthz` answers 503 naming it until descriptors are to be had again: no refusal for
/// `quiet` and a handful of them obtainable at once, then the recovery is logged once too.
package final class DescriptorShortage: Sendable {
    /// A shortage under way.
    package struct Episode: Sendable, Equatable {
        /// When the first refusal came.
        package var since: Timestamp
        /// Where it came: `accepting connections`, `opening a socket`, …
        package var part: String
        /// Its errno: `EMFILE`, or `ENFILE`.
        package var code: Int32
        /// Refusals since, anywhere.
        package var refusals: Int
        /// When the last one came.
        package var last: Timestamp
    }

    private struct State {
        var episode: Episode?
        var logger: Logger?
        var total = 0
    }

    /// The process's board.
    package static let process = DescriptorShortage()
    /// How long without a refusal before the shortage may be over.
    static let quiet = TimeSpan.seconds(3)
    /// How many descriptors must be obtainable at once for it to be over: enough to accept a
    /// client, open a socket and a file.
    static let probeCount = 8
    private let state = Mutex(State())

    package init() {}

    /// Where refusals and recoveries are logged (the worker's logger, once it has one).
    package func attach(_ logger: Logger) { state.withLock { $0.logger = logger } }

    /// Whether `code` (an errno) means descriptors ran out.
    package static func isShortage(_ code: Int32) -> Bool { code == EMFILE || code == ENFILE }

    /// Records that `part` was refused a descriptor with `code`; logs the first refusal of a shortage.
    package func refused(_ part: String, errno code: Int32 = EMFILE, at now: Timestamp = WallClock.now()) {
        let (logger, first) = state.withLock { state -> (Logger?, Bool) in
            state.total += 1
            if var episode = state.episode {
                episode.refusals += 1
                episode.last = now
                state.episode = episode
                return (state.logger, false)
            }
            state.episode = Episode(since: now, part: part, code: code, refusals: 1, last: now)
            return (state.logger, true)
        }
        guard first else { return }
        logger?.error("too many open files", [
            "part": part, "errno": Self.errnoName(code), "limit": Self.limitText,
            "advice": "raise the open-file limit (LimitNOFILE=, ulimit -n) or look for what holds them: ls /proc/\(getpid())/fd"])
    }

    /// Every refusal since start.
    package var refusalsTotal: Int { state.withLock { $0.total } }

    /// The shortage under way at `now`, or nil; ends it (and logs that once) when there has been
    /// no refusal for `quiet` and `probeCount` descriptors can be had.
    package func current(at now: Timestamp = WallClock.now()) -> Episode? {
        guard let episode = state.withLock({ $0.episode }) else { return nil }
        guard now - episode.last >= Self.quiet, Self.descriptorsObtainable(Self.probeCount) else { return episode }
        let (logger, ended) = state.withLock { state -> (Logger?, Episode?) in
            // A refusal that came meanwhile keeps it going.
            guard state.episode == episode else { return (nil, nil) }
            state.episode = nil
            return (state.logger, episode)
        }
        if let ended {
            logger?.info("open files available again", ["short_for": (now - ended.since).wholeSecondsText,
                                                         "refusals": "\(ended.refusals)"])
            return nil
        }
        return state.withLock { $0.episode }
    }

    /// Whether `count` descriptors can be had at once (duplicates of standard error, closed at once).
    static func descriptorsObtainable(_ count: Int) -> Bool {
        var taken: [Int32] = []
        defer { for descriptor in taken { close(descriptor) } }
        for _ in 0..<count {
            let descriptor = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
            guard descriptor >= 0 else { return false }
            taken.append(descriptor)
        }
        return true
    }

    /// `too many open files (EMFILE)`, or the system table's `ENFILE`.
    package static func errnoName(_ code: Int32) -> String {
        code == ENFILE ? "too many open files in system (ENFILE)" : "too many open files (EMFILE)"
    }

    /// The soft open-file limit, as `ulimit -n` says it.
    static var limitText: String {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(UInt32(RLIMIT_NOFILE.rawValue)), &limit) == 0 else { return "unknown" }
        return limit.rlim_cur == rlim_t.max ? "unlimited" : "\(limit.rlim_cur)"
    }
}
