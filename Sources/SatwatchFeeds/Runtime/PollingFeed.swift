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
        self.client = HTTPClient(maxResponseBytes: config.maxFrame.bytes, pool: WorkerPools.polls)
        self.sink = sink
        self.health = health
        self.logger = logger
        self.backlog = backlog
    }

    func run() async throws {
        var plan = self.plan
        var failures = 0
        var outage = OutageReport()
        var problem: PolledPage.Problem?
        let kind = config.kind
        // A plan that names what it polls (a news source) is logged by that name, never its URL.
        let subject = plan.subject.map { [$0] } ?? []
        let fields = LogFields([("feed", kind.rawValue)] + (subject.isEmpty ? [("url", config.url)] : subject))
        while !Task.isCancelled {
            let wait: TimeSpan
            do {
                try await poll(&plan, problem: &problem)
                let connect = outage.connected(at: ProcessClock.live.now())
                outage.healthy()
                if connect != .connected || !(health.snapshot.first { $0.kind == kind }?.connected ?? false) {
                    logger.feedConnected(connect, fields)
                }
                failures = 0
                health.update(kind) { $0.connected = true; $0.lastError = nil }
                wait = every
            } catch {
                failures += 1
                wait = backoff.delay(after: error, failures: failures)
                health.update(kind) { $0.connected = false; $0.reconnects += 1; $0.lastError = error.reason }
                outage.failed(at: ProcessClock.live.now()).map {
                    logger.feedFailed($0, first: "feed poll failed",
                                      LogFields([("feed", kind.rawValue)] + subject + [("reason", error.reason), ("retry_in", wait.wholeSecondsText)]))
                }
            }
            try? await Task.sleep(for: wait.duration)
        }
    }

    /// One poll: every page the plan asks for, each forwarded as a frame. A page's problem is
    /// logged when it starts or changes, and its end once (`problem` is the one last logged).
    private func poll(_ plan: inout Plan, problem: inout PolledPage.Problem?) async throws(PollFailure) {
        var url = plan.nextURL(after: nil, at: ProcessClock.live.now())
        var pages = 0
        while let next = url, pages < Self.maximumPages {
            let body = try await client.pollBytes(next, headers: plan.headers, feed: config, health: health)
            let page = plan.page(body)
            let now = ProcessClock.live.now()
            if page.problem != problem {
                let subject = plan.subject ?? ("url", next)
                if let found = page.problem {
                    logger.warn("feed page unreadable", LogFields([("feed", config.kind.rawValue), subject, ("reason", found.reason)]))
                } else {
                    logger.info("feed page readable again", LogFields([("feed", config.kind.rawValue), subject]))
                }
                problem = page.problem
            }
            guard let text = page.frame else {
                health.update(config.kind) { $0.skipped[page.problem?.code ?? "unreadable", default: 0] += 1 }
                return
            }
            health.update(config.kind) { $0.lastFrameAt = now; $0.frames += 1 }
            await backlog?.admit()
            sink(RecordedFrame(at: now, feed: config.kind, text: text))
            url = plan.nextURL(after: text, at: now)
            pages += 1
        }
    }
}
