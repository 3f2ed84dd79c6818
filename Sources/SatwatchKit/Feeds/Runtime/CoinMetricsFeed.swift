import SatwatchNet

/// The Coin Metrics feed: an HTTP GET through libcurl every `every`, following `next_page_url`,
/// with capped exponential backoff (and the server's `Retry-After`) on 429 and errors. Each
/// response page is forwarded as a frame, so `record` and `replay` treat it like any feed.
public struct CoinMetricsFeed: Service {
    let config: FeedConfig
    let sink: @Sendable (RecordedFrame) -> Void
    let health: FeedHealthBoard
    let logger: Logger
    let backlog: FrameBacklog?
    let client: HTTPClient
    let backoff = Backoff(initial: .seconds(5), maximum: .minutes(30))
    /// Pages followed per poll at most (a full 210-day history fits in one page).
    static let maximumPages = 10

    public var name: String { "feed coinmetrics" }

    /// Creates the poller for `config`, handing pages to `sink` one at a time through `backlog`.
    init(config: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
         sink: @escaping @Sendable (RecordedFrame) -> Void) {
        self.config = config
        self.client = HTTPClient(maxResponseBytes: config.maxFrame.bytes)
        self.sink = sink
        self.health = health
        self.logger = logger
        self.backlog = backlog
    }

    public func run() async throws {
        var decoder = CoinMetricsDecoder()
        var failures = 0
        var outage = OutageReport()
        let fields: LogFields = ["feed": "coinmetrics", "url": config.url]
        while !Task.isCancelled {
            let wait: TimeSpan
            do {
                try await poll(&decoder)
                let connect = outage.connected(at: WallClock.now())
                outage.healthy()
                if connect != .connected || !(health.snapshot.first { $0.kind == .coinmetrics }?.connected ?? false) {
                    logger.feedConnected(connect, fields)
                }
                failures = 0
                health.update(.coinmetrics) { $0.connected = true; $0.lastError = nil }
                wait = config.every
            } catch {
                failures += 1
                wait = max(backoff.delay(afterAttempt: failures, random: { Double.random(in: 0..<1) }), error.retryAfter ?? .zero)
                health.update(.coinmetrics) { $0.connected = false; $0.reconnects += 1; $0.lastError = error.reason }
                outage.failed(at: WallClock.now()).map {
                    logger.feedFailed($0, first: "feed poll failed", ["feed": "coinmetrics", "reason": error.reason, "retry_in": wait.text])
                }
            }
            try? await Task.sleep(for: wait.duration)
        }
    }

    /// One poll: every page of the request, each forwarded as a frame.
    private func poll(_ decoder: inout CoinMetricsDecoder) async throws(PollFailure) {
        var url: String? = decoder.requestURL(base: config.url, now: WallClock.now())
        var pages = 0
        while let next = url, pages < Self.maximumPages {
            let request = HTTPRequest(url: next, timeout: .seconds(30), caFile: config.caFile,
                                      userAgent: "satwatch/\(SatwatchVersion.current)")
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch {
                throw PollFailure(reason: "\(error)", retryAfter: nil)
            }
            guard response.status == 200 else {
                let retryAfter = response.retryAfter(now: WallClock.now().milliseconds / 1000).map { TimeSpan(milliseconds: Int64($0.components.seconds) * 1000) }
                throw PollFailure(reason: "HTTP \(response.status)", retryAfter: retryAfter)
            }
            if response.bodyTruncated {
                // A cut-off page would decode as garbage or, worse, as a shorter valid one.
                health.update(.coinmetrics) { $0.oversizedFrames += 1 }
                throw PollFailure(reason: FeedHealth.oversizedReason(size: nil, limit: config.maxFrame.bytes), retryAfter: nil)
            }
            let now = WallClock.now()
            let text = String(decoding: response.body, as: UTF8.self)
            _ = decoder.decode(text, at: now)
            health.update(.coinmetrics) { $0.lastFrameAt = now; $0.frames += 1 }
            await backlog?.admit()
            sink(RecordedFrame(at: now, feed: .coinmetrics, text: text))
            url = CoinMetricsDecoder.nextPageURL(text)
            pages += 1
        }
    }

    /// Why a poll failed, and how long the server asked us to wait.
    struct PollFailure: Error {
        var reason: String
        var retryAfter: TimeSpan?
    }
}
