import SatwatchBase
import SatwatchFeeds

/// The running feeds, kept across reloads: a reload restarts only the feeds whose settings
/// changed, so their connections (and the frames in flight on them) survive it. Every feed
/// sends into the daemon's one `EvaluatorInbox`, one frame at a time (`FrameBacklog`): a frame
/// handed over while one evaluator stops is evaluated, and marked done, by the next.
actor FeedSet {
    let health: FeedHealthBoard
    let logger: Logger
    let inbox: EvaluatorInbox
    /// Where a feed waits for the evaluator before handing over its next frame.
    let backlog: FrameBacklog
    /// Where a feed that ends by itself is reported.
    let report: @Sendable (DaemonEvent) -> Void
    private var running: [FeedKind: (config: FeedConfig, task: Task<Void, Never>)] = [:]

    init(health: FeedHealthBoard, logger: Logger, inbox: EvaluatorInbox, backlog: FrameBacklog,
         report: @escaping @Sendable (DaemonEvent) -> Void) {
        self.health = health
        self.logger = logger
        self.inbox = inbox
        self.backlog = backlog
        self.report = report
    }

    /// Makes the running feeds match `feeds`: stops those removed or changed (waiting for them),
    /// starts those added or changed, leaves the others connected. Returns how many restarted.
    @discardableResult
    func update(to feeds: [FeedConfig]) async -> (started: Int, kept: Int) {
        let wanted = Dictionary(uniqueKeysWithValues: feeds.map { ($0.kind, $0) })
        for (kind, feed) in running where wanted[kind] != feed.config {
            feed.task.cancel()
            await feed.task.value
            running[kind] = nil
        }
        var started = 0
        for feed in feeds where running[feed.kind] == nil {
            let service = feed.service(health: health, logger: logger, backlog: backlog) { [inbox] in inbox.yield(.frame($0)) }
            let report = report
            running[feed.kind] = (feed, Task {
                if let ending = await ServiceGroup([service]).run() { report(.serviceEnded(ending, generation: nil)) }
            })
            started += 1
        }
        return (started, feeds.count - started)
    }

    /// Stops every feed and waits for them.
    func stopAll() async {
        _ = await update(to: [])
    }
}
