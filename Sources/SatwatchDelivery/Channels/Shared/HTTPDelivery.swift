import SatwatchBase
import SatwatchJSON
import SatwatchNet

/// Sends a channel's `ChannelRequest` once and turns the answer into a `DeliveryOutcome`
/// through `DeliveryClassifier`: the single HTTP path every webhook-style channel shares.
enum HTTPDelivery {
    /// `satwatch/<version>`, sent with every request.
    static let userAgent = "satwatch/\(SatwatchVersion.current)"
    /// Receivers answer with a status and a short text; more is never needed.
    static let client = HTTPClient(maxResponseBytes: 64 * 1024)

    /// POSTs `request` with the channel's timeout, CA file and proxy. `secrets` are hidden in the
    /// failure reason; in a response body before it is cut to a quote, so no prefix of a
    /// secret that a receiver echoed survives the cut. A delivered one reads no body and builds
    /// no redactor: that is the common case, and each costs a scan.
    /// `answered`, when given, sees every response, whatever its status.
    static func post(_ request: ChannelRequest, network: NetworkSettings, secrets: [String],
                     answered: ((HTTPResponse) -> Void)? = nil) async -> DeliveryOutcome {
        let outgoing = HTTPRequest(method: "POST", url: request.url,
                                   headers: HTTPHeaders(request.headers.map { HTTPHeader($0.name, $0.value) }),
                                   body: request.body, timeout: network.timeout.duration,
                                   caFile: network.caFile, userAgent: userAgent, proxy: network.proxy)
        do {
            let response = try await client.send(outgoing)
            answered?(response)
            if (200..<300).contains(response.status) { return .delivered }
            let header = response.retryAfter(now: WallClock.now().milliseconds / 1000).map(TimeSpan.init(duration:))
            let retryAfter = header ?? (response.status == 429 ? bodyRetryAfter(response.body) : nil)
            let body = Array(Redactor(secrets).redact(String(decoding: response.body, as: UTF8.self)).utf8)
            return DeliveryClassifier.http(status: response.status, body: body, retryAfter: retryAfter)
        } catch {
            return DeliveryClassifier.transport(code: error.code, message: error.message).redacted(by: Redactor(secrets))
        }
    }

    /// The delay a chat API puts in its 429 body instead of a header: Telegram's
    /// `{"parameters": {"retry_after": 35}}`, Discord's `{"retry_after": 1.5}` (seconds).
    static func bodyRetryAfter(_ body: [UInt8]) -> TimeSpan? {
        guard let root = try? JSONParser.parse(body, positions: false) else { return nil }
        let seconds = root["retry_after"]?.number ?? root["parameters"]?["retry_after"]?.number
        guard let seconds, seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        return TimeSpan(milliseconds: Int64((seconds * 1000).rounded(.up)))
    }
}
