/// What a worker running a config needs of the process's limits, counted from what the code
/// opens and reserves (measured: a worker with 5 feeds and 10 channels held 57 descriptors and
/// 150 MiB of address space with 23 threads, after `ProcessTuning`).
struct ProcessNeeds: Equatable {
    /// Open descriptors (`RLIMIT_NOFILE`).
    var openFiles: UInt64
    /// Bytes of address space (`RLIMIT_AS`).
    var addressSpace: UInt64

    /// Descriptors any worker holds: standard streams, the concurrency runtime's epoll, event
    /// and timer descriptors and signal descriptors, the state file's lock and its three
    /// connections (file and log each, the shared memory index), the systemd socket, and
    /// curl's resolver and wake-up pairs while it connects.
    static let baseFiles: UInt64 = 32
    /// Per feed: its WebSocket, the wake-up pipe of its thread, its REST polls' connections.
    static let filesPerFeed: UInt64 = 8
    /// Per delivery queue (a channel, or each peer of an Alertmanager cluster): a transfer and
    /// a re-sending in flight, each with a kept-alive connection and curl's wake-up pair.
    static let filesPerQueue: UInt64 = 6
    /// The endpoint: its listener, wake-up pipe, spare descriptor and `HTTPServerLimits`'
    /// 64 connections.
    static let endpointFiles: UInt64 = 68
    /// Slack for what the estimate does not see (a reload's rule files, DNS, CA files).
    static let headroomFiles: UInt64 = 32

    /// Address space any worker reserves: the binary and its libraries (about 30 MiB), the
    /// main heap, a second malloc arena (64 MiB; under a limit that has no room for it glibc
    /// does without). Measured: the five-feed worker above ran under 112 MiB.
    static let baseAddressSpace: UInt64 = 128 << 20
    /// A thread's stack (`ProcessTuning.threadStackBytes`), for the runtime's and each feed's
    /// and queue's (their transfers run on threads of their own).
    static let threadBytes: UInt64 = ProcessTuning.threadStackBytes
    /// Threads any worker runs: the cooperative pool, the endpoint's, the state file's queues.
    static let baseThreads: UInt64 = 12
    /// How many times its `max_frame` a feed's largest frame may cost while decoded.
    static let frameCopies: UInt64 = 4

    /// The needs of a worker with feeds whose `max_frame` are `maxFrames`, `queues` delivery
    /// queues and the endpoint on or off.
    init(maxFrames: [Int], queues: Int, endpoint: Bool) {
        let feeds = UInt64(maxFrames.count), queues = UInt64(queues)
        openFiles = Self.baseFiles + feeds * Self.filesPerFeed + queues * Self.filesPerQueue
            + (endpoint ? Self.endpointFiles : 0) + Self.headroomFiles
        let threads = Self.baseThreads + feeds + queues
        addressSpace = Self.baseAddressSpace + threads * Self.threadBytes
            + maxFrames.reduce(0) { $0 + UInt64(max(0, $1)) * Self.frameCopies }
    }

    /// `bytes` in whole MiB, rounded up, for messages.
    static func mebibytes(_ bytes: UInt64) -> String { "\((bytes + (1 << 20) - 1) >> 20) MiB" }
}

extension Config {
    /// What running this config needs of the process's limits.
    var processNeeds: ProcessNeeds {
        ProcessNeeds(maxFrames: feeds.map(\.maxFrame.bytes), queues: channels.values.reduce(0) { $0 + $1.queues.count },
                     endpoint: httpListen != nil)
    }
}
