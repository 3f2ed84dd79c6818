import SatwatchBase

extension FeedConfig {
    /// The service that keeps this feed flowing into `sink` (a supervised WebSocket, or a poller),
    /// as its definition says. With `backlog`, a feed waits for its turn there
    /// before handing over each frame (whoever consumes `sink` marks frames done there).
    package func service(health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog? = nil,
                 sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        kind.definition.makeService(self, health: health, logger: logger, backlog: backlog, sink: sink)
    }
}
