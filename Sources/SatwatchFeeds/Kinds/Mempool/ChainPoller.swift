import SatwatchBase
import SatwatchNet

/// The mempool feed's reads of what it watches on chain: `/api/address/ADDRESS` and
/// `/api/tx/TXID` from the feed's REST base, each answer handed to the sink as a frame of the
/// feed (so `MempoolDecoder` decodes it and `record`/`replay` see it). It reads everything when
/// the stream (re)connects, which mempool answers with its recent `blocks`, and after every new
/// `block`: the WebSocket only tells what changes while connected, so a payment confirmed while
/// the stream was down is caught up here. A failed round is tried again after a back-off;
/// a transaction the server does not know (404: not yet broadcast, or replaced and gone) is
/// skipped, and its `replaced` comes from the WebSocket. A refusal of one path (another 4xx,
/// such as 400 for an address the server will not read) fails the round only once every other
/// path was read, so one bad coin does not blind the watch to the rest; a failure of the server
/// (no answer, 5xx, 408, 429) ends the round at once, so a server in trouble is not asked again.
final class ChainPoller: Sendable {
    let base: String
    let watch: ChainWatch
    let config: FeedConfig
    let sink: @Sendable (RecordedFrame) -> Void
    let health: FeedHealthBoard
    let logger: Logger
    let backlog: FrameBacklog?
    let client: HTTPClient
    let backoff = Backoff(initial: .seconds(2), maximum: .minutes(5))
    private let bell = Doorbell()

    /// A poller of `watch` at the REST base `base` (`https://mempool.space`) for the feed `config`.
    init(base: String, watch: ChainWatch, config: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
         sink: @escaping @Sendable (RecordedFrame) -> Void) {
        self.base = base
        self.watch = watch
        self.config = config
        self.health = health
        self.logger = logger
        self.backlog = backlog
        self.sink = sink
        client = HTTPClient(maxResponseBytes: config.maxFrame.bytes, pool: WorkerPools.polls)
    }

    /// What the stream said about blocks: a connect or a new block. Wakes the poller.
    func heard(_ signal: MempoolBlockSignal) { bell.ring() }

    /// The paths read in a round.
    var paths: [String] {
        watch.addresses.map { "/api/address/\($0.address.text)" } + watch.transactions.map { "/api/tx/\($0.txid)" }
    }

    /// Reads a round whenever rung, until cancelled.
    func run() async {
        // A long outage costs a few lines, as the hashrate poll's does, not one a retry.
        var outage = OutageReport()
        while !Task.isCancelled {
            await bell.wait(for: .hours(24))
            if Task.isCancelled { return }
            var failures = 0
            while !Task.isCancelled {
                do {
                    try await round()
                    logger.pollRecovered("watch read", outage.connected(at: ProcessClock.live.now()), feed: config.kind)
                    outage.healthy()
                    break
                } catch {
                    // Cancelled mid-read (the worker stopping): no failure to report.
                    if Task.isCancelled { return }
                    failures += 1
                    let delay = backoff.delay(after: error, failures: failures)
                    outage.failed(at: ProcessClock.live.now()).map {
                        logger.pollFailed("watch read", $0, feed: config.kind, reason: error.reason, retryIn: delay)
                    }
                    // A new block or connect meanwhile starts the round again at once.
                    await bell.wait(for: delay)
                }
            }
        }
    }

    /// Reads every watched address and transaction once; throws the first failure of the
    /// server at once, a refusal of one path after the other paths.
    private func round() async throws(PollFailure) {
        var refused: [(path: String, failure: PollFailure)] = []
        for path in paths {
            let text: String
            do {
                text = try await client.pollBody(base + path, feed: config, health: health)
            } catch where error.status == 404 {
                logger.info("watched transaction not found", ["feed": config.kind.rawValue, "path": path])
                continue
            } catch where error.refusesOnePath {
                refused.append((path, error))
                continue
            }
            let now = ProcessClock.live.now()
            await backlog?.admit()
            sink(RecordedFrame(at: now, feed: config.kind, text: text))
        }
        guard let first = refused.first else { return }
        throw PollFailure(reason: refused.map { "\($0.failure.reason) for \($0.path)" }.joined(separator: "; "),
                          retryAfter: first.failure.retryAfter, status: first.failure.status)
    }
}

extension PollFailure {
    /// An answer about the path asked for, not about the server: a 4xx other than 408 (the
    /// server timed out) and 429 (it wants fewer requests), which concern every path alike.
    fileprivate var refusesOnePath: Bool {
        guard let status else { return false }
        return (400..<500).contains(status) && status != 408 && status != 429
    }
}
