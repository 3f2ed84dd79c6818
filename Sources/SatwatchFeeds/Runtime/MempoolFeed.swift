import SatwatchBase

/// The mempool feed: its WebSocket stream and, beside it, the REST poller for hash rate and
/// difficulty. The stream's frames go to the sink as they are; a frame that announces a block
/// (`MempoolBlockSignal`, read from the raw text) also wakes the poller. Both end together.
struct MempoolFeed: Service {
    let stream: WebSocketFeed
    /// Nil only for a `url` no REST base can be derived from (the config loader refuses those).
    let poller: HashratePoller?

    var name: String { "feed \(stream.config.kind.rawValue)" }

    /// The feed for `config`, handing frames and REST answers to `sink` through `backlog`.
    init(config: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
         sink: @escaping @Sendable (RecordedFrame) -> Void) {
        let poller = MempoolDecoder.hashrateURL(config).map {
            HashratePoller(url: $0, config: config, health: health, logger: logger, backlog: backlog, sink: sink)
        }
        self.poller = poller
        stream = WebSocketFeed(config: config, health: health, logger: logger, backlog: backlog) { frame in
            sink(frame)
            if let poller, let signal = MempoolBlockSignal(frame: frame.text) { poller.heard(signal) }
        }
    }

    func run() async throws {
        guard let poller else { return try await stream.run() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await stream.run() }
            group.addTask { await poller.run() }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}
