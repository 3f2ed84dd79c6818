import SatwatchBase
import SatwatchNet

/// A feed polled over HTTP(S) (Coin Metrics, CoinGecko): every `every`, the pages its
/// ``PollPlan`` asks for are fetched through libcurl, with capped exponential backoff (and the
/// server's `Retry-After`, when longer) on 429, other non-200 answers and transport errors
/// (timeouts included). Each response page is forwarded as a frame, so `record` and `replay`
/// treat it like any feed.
struct PollingFeed<Plan: PollPlan>: Service {
    let config: FeedConfig
    /// The time between polls (the feed's `every`).
    let every: TimeSpan
    let sink: @Sendable (RecordedFrame) -> Void
    let health: FeedHealthBoard
    let logger: Logger
    let backlog: FrameBacklog?
    let client: HTTPClient
    /// The plan as configured; each run works on its own copy.
    let plan: Plan
    let backoff = Backoff(initial: .seconds(5), maximum: .minutes(30))
    /// Pages followed per poll at most (a full 210-day Coin Metrics history fits in one page).
    static var maximumPages: Int { 10 }

    var name: String { "feed \(config.kind.rawValue)" }

    /// Creates the poller for `config` asking what `plan` says, handing pages to `sink` one at a
    /// time through `backlog`.
    init(config: FeedConfig, every: TimeSpan, plan: Plan, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
         sink: @escaping @Sendable (RecordedFrame) -> Void) {
        self.config = config
        self.every = every
        self.plan = plan
        self.client = HTTPClient(maxResponseBytes: config.maxFrame.bytes)
        self.sink = sink
        self.health = health
        self.logger = logger
        self.backlog = backlog
    }

    func run() async throws {
        var plan = self.plan
        var failures = 0
        var outage = OutageReport()
        let kind = config.kind
        let fields: LogFields = ["feed": kind.rawValue, "url": config.url]
        while !Task.isCancelled {
            let wait: TimeSpan
            do {
                try await poll(&plan)
                let connect = outage.connected(at: WallClock.now())
                outage.healthy()
                if connect != .connected || !(health.snapshot.first { $0.kind == kind }?.connected ?? false) {
                    logger.feedConnected(connect, fields)
                }
                failures = 0
                health.update(kind) { $0.connected = true; $0.lastError = nil }
                wait = every
            } catch {
                failures += 1
                wait = max(backoff.delay(afterAttempt: failures, random: { Double.random(in: 0..<1) }), error.retryAfter ?? .zero)
                health.update(kind) { $0.connected = false; $0.reconnects += 1; $0.lastError = error.reason }
                outage.failed(at: WallClock.now()).map {
                    logger.feedFailed($0, first: "feed poll failed", ["feed": kind.rawValue, "reason": error.reason, "retry_in": wait.text])
                }
            }
            try? await Task.sleep(for: wait.duration)
        }
    }

    /// One poll: every page the plan asks for, each forwarded as a frame.
    private func poll(_ plan: inout Plan) async throws(PollFailure) {
        var url = plan.nextURL(after: nil, at: WallClock.now())
        var pages = 0
        while let next = url, pages < Self.maximumPages {
            let text = try await client.pollBody(next, headers: plan.headers, feed: config, health: health)
            let now = WallClock.now()
            health.update(config.kind) { $0.lastFrameAt = now; $0.frames += 1 }
            await backlog?.admit()
            sink(RecordedFrame(at: now, feed: config.kind, text: text))
            url = plan.nextURL(after: text, at: now)
            pages += 1
        }
    }
}
