import SatwatchBase
import SatwatchNet

/// Why a poll failed, and how long the server asked us to wait.
struct PollFailure: Error {
    var reason: String
    var retryAfter: TimeSpan?
    /// The HTTP status when the server answered with one other than 200.
    var status: Int? = nil
}

extension Backoff {
    /// The wait after the `failures`-th failed poll in a row: the back-off, or the server's
    /// `Retry-After` when that is longer.
    func delay(after failure: PollFailure, failures: Int) -> TimeSpan {
        max(delay(afterAttempt: failures, random: { Double.random(in: 0..<1) }), failure.retryAfter ?? .zero)
    }
}

extension HTTPClient {
    /// The longest `Retry-After` a polled server can impose: a larger one (or one that would
    /// overflow) waits this long instead.
    static let maxPollRetryAfter = TimeSpan.hours(1)

    /// The body of a 200 answer to a GET of `url` for a polled feed (Coin Metrics, CoinGecko,
    /// mempool's hash rate). A transport error, another status (with its `Retry-After`) or a
    /// body over `max_frame` (counted; a cut-off answer would decode as garbage or, worse, as a
    /// shorter valid one) is a `PollFailure`.
    func pollBody(_ url: String, headers: HTTPHeaders = HTTPHeaders(), feed: FeedConfig,
                  health: FeedHealthBoard) async throws(PollFailure) -> String {
        String(decoding: try await pollBytes(url, headers: headers, feed: feed, health: health), as: UTF8.self)
    }

    /// The body of a 200 answer as bytes, for a feed that decodes them itself (news documents
    /// declare their encoding); failures as `pollBody`'s.
    func pollBytes(_ url: String, headers: HTTPHeaders = HTTPHeaders(), feed: FeedConfig,
                   health: FeedHealthBoard) async throws(PollFailure) -> [UInt8] {
        let request = HTTPRequest(url: url, headers: headers, timeout: .seconds(30), caFile: feed.caFile,
                                  userAgent: "satwatch/\(SatwatchVersion.current)", proxy: feed.proxy)
        let response: HTTPResponse
        do {
            response = try await send(request)
        } catch {
            throw PollFailure(reason: "\(error)", retryAfter: nil)
        }
        guard response.status == 200 else {
            let cap = Self.maxPollRetryAfter.milliseconds / 1000
            let retryAfter = response.retryAfter(now: WallClock.now().milliseconds / 1000)
                .map { TimeSpan(milliseconds: min($0.components.seconds, cap) * 1000) }
            throw PollFailure(reason: "HTTP \(response.status)", retryAfter: retryAfter, status: response.status)
        }
        if response.bodyTruncated {
            health.update(feed.kind) { $0.oversizedFrames += 1 }
            throw PollFailure(reason: FeedHealth.oversizedReason(size: nil, limit: feed.maxFrame.bytes), retryAfter: nil)
        }
        return response.body
    }
}
