import SatwatchBase

/// The mempool feed: its WebSocket stream and, beside it, the REST poller for hash rate and
/// difficulty and, with a `"watch"`, the reader of watched coins (`ChainPoller`). The stream's
/// frames go to the sink as they are; a frame that announces a block or a connect
/// (`MempoolBlockSignal`, read from the raw text) also wakes the pollers. All end together.
struct MempoolFeed: Service {
    let stream: WebSocketFeed
    /// Nil only for a `url` no REST base can be derived from (the config loader refuses those).
    let poller: HashratePoller?
    /// Nil without a watch.
    let chainPoller: ChainPoller?

    var name: String { "feed \(stream.config.kind.rawValue)" }

    /// The feed for `config`, handing frames and REST answers to `sink` through `backlog`.
    init(config: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
         sink: @escaping @Sendable (RecordedFrame) -> Void) {
        let poller = MempoolDecoder.hashrateURL(config).map {
            HashratePoller(url: $0, config: config, health: health, logger: logger, backlog: backlog, sink: sink)
        }
        self.poller = poller
        let settings = config.settings(MempoolSettings.self)
        let chainPoller = settings.watch.isEmpty ? nil : (settings.api ?? MempoolDecoder.restBase(webSocketURL: config.url)).map {
            ChainPoller(base: $0, watch: settings.watch, config: config, health: health, logger: logger, backlog: backlog, sink: sink)
        }
        self.chainPoller = chainPoller
        stream = WebSocketFeed(config: config, health: health, logger: logger, backlog: backlog) { frame in
            sink(frame)
            guard let signal = MempoolBlockSignal(frame: frame.text) else { return }
            poller?.heard(signal)
            chainPoller?.heard(signal)
        }
    }

    func run() async throws {
        guard poller != nil || chainPoller != nil else { return try await stream.run() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await stream.run() }
            if let poller { group.addTask { await poller.run() } }
            if let chainPoller { group.addTask { await chainPoller.run() } }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}
