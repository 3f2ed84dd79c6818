import SatwatchBase
import SatwatchNet
import Synchronization

/// The mempool feed's REST side: GETs `/api/v1/mining/hashrate/3d` when `HashratePollSchedule`
/// says (start, new blocks, hourly) and hands each answer to the feed's sink as a mempool frame,
/// so `MempoolDecoder` decodes it and `record`/`replay` see it like any frame. Failures (429, 5xx,
/// network) back off on their own, honouring `Retry-After`; the stream is never touched. libcurl
/// runs on the feed polls' pool (`HTTPClient`), never on the cooperative pool.
final class HashratePoller: Sendable {
    let url: String
    let config: FeedConfig
    let sink: @Sendable (RecordedFrame) -> Void
    let health: FeedHealthBoard
    let logger: Logger
    let backlog: FrameBacklog?
    let client: HTTPClient
    let backoff = Backoff(initial: .seconds(5), maximum: .minutes(30))
    private let schedule: Mutex<HashratePollSchedule>
    private let bell = Doorbell()

    /// A poller of `url` for the feed `config`, handing answers to `sink` through `backlog`.
    init(url: String, config: FeedConfig, schedule: HashratePollSchedule = HashratePollSchedule(),
         health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) {
        self.url = url
        self.config = config
        self.schedule = Mutex(schedule)
        self.health = health
        self.logger = logger
        self.backlog = backlog
        self.sink = sink
        client = HTTPClient(maxResponseBytes: config.maxFrame.bytes, pool: WorkerPools.polls)
    }

    /// What the stream said about blocks; wakes the poller. Called from the stream's task, so
    /// the stream is up. Says at debug level when the next poll is due after it (a tip right
    /// after a poll earns none; a block waits out the spacing).
    func heard(_ signal: MempoolBlockSignal) {
        let now = ProcessClock.live.now()
        let wait = schedule.withLock { schedule in
            schedule.heard(signal, at: now)
            return schedule.delay(at: now, streamUp: true)
        }
        logger.debug("block signal heard", ["feed": config.kind.rawValue, "signal": signal == .newBlock ? "block" : "tip",
                                             "next_poll_in": wait.wholeSecondsText])
        bell.ring()
    }

    /// Polls until cancelled.
    func run() async {
        var failures = 0
        var outage = OutageReport()
        while !Task.isCancelled {
            let streamUp = health.snapshot.first { $0.kind == config.kind }?.connected ?? false
            let wait = schedule.withLock { $0.delay(at: ProcessClock.live.now(), streamUp: streamUp) }
            if wait > .zero {
                await bell.wait(for: wait)
                continue
            }
            schedule.withLock { $0.polling(at: ProcessClock.live.now()) }
            do {
                try await poll()
                logger.pollRecovered("hashrate poll", outage.connected(at: ProcessClock.live.now()), feed: config.kind)
                outage.healthy()
                failures = 0
            } catch {
                if Task.isCancelled { return }
                failures += 1
                let delay = backoff.delay(after: error, failures: failures)
                let now = ProcessClock.live.now()
                schedule.withLock { $0.failed(at: now, retryIn: delay) }
                outage.failed(at: now).map { logger.pollFailed("hashrate poll", $0, feed: config.kind, reason: error.reason, retryIn: delay) }
            }
        }
    }

    /// One GET, its answer forwarded as a frame of the feed.
    private func poll() async throws(PollFailure) {
        let text = try await client.pollBody(url, feed: config, health: health)
        let now = ProcessClock.live.now()
        health.update(config.kind) { $0.lastFrameAt = now; $0.frames += 1 }
        await backlog?.admit()
        sink(RecordedFrame(at: now, feed: config.kind, text: text))
    }
}
