import SatwatchJSON
import SatwatchNet

/// mempool's mining figures, from its REST API rather than the WebSocket: where to ask, and how
/// the answer decodes.
///
/// `GET /api/v1/mining/hashrate/3d` answers (backend/src/api/mining/mining-routes.ts)
/// `{"hashrates":[{"timestamp":…,"avgHashrate":…}],"difficulty":[{"time":…,"height":…,
/// "difficulty":…,"adjustment":…}],"currentHashrate":1.07e+21,"currentDifficulty":1.49e+14}`.
/// Only the two current values are read: the arrays are daily history satwatch has no use for.
/// The server sends 0 for both when its Bitcoin Core is unreachable; 0 is no hash rate, so it is
/// `invalid_value`, not a sample.
extension MempoolDecoder {
    /// The path of the hash rate and difficulty request, below the REST base.
    static let hashratePath = "/api/v1/mining/hashrate/3d"

    /// `currentHashrate` (H/s) as `hashrate` in EH/s (10^18 H/s), the unit people quote it in.
    static func hashrate(_ node: JSONNode, into batch: inout SampleBatch) {
        guard let hashes = node.number else { return batch.reject(.unexpectedShape) }
        guard ValueDomain.positive.admits(hashes) else { return batch.reject(.invalidValue) }
        batch.add("hashrate", hashes / 1e18)
    }

    /// The hash rate request of `feed`: below its `api`, or below the REST base of its `url`.
    static func hashrateURL(_ feed: FeedConfig) -> String? {
        (feed.settings(MempoolSettings.self).api ?? restBase(webSocketURL: feed.url)).map { $0 + hashratePath }
    }

    /// The site a mempool WebSocket URL belongs to: `wss://mempool.space/api/v1/ws` →
    /// `https://mempool.space`, `ws://host:8999/api/v1/ws` → `http://host:8999`. A path before
    /// `/api/v1/ws` is kept (an instance served under `/mempool`); any other path is dropped.
    /// Nil when `url` is not a WebSocket URL.
    static func restBase(webSocketURL url: String) -> String? {
        guard let parsed = try? WebSocketURL(url) else { return nil }
        var path = parsed.resource.prefix { $0 != "?" }
        while path.hasSuffix("/") { path = path.dropLast() }
        let prefix = path.hasSuffix("/api/v1/ws") ? path.dropLast("/api/v1/ws".count) : ""
        let authority = parsed.host + (parsed.port.map { ":\($0)" } ?? "")
        return (parsed.secure ? "https://" : "http://") + authority + prefix
    }

    /// The problem with an `api` (or `explorer`, named by `key`) setting, or nil when it is an `http(s)://host[:port][/path]`
    /// base: no query, fragment, user info or whitespace (the request path is appended to it).
    static func apiProblem(_ api: String, key: String = "api") -> String? {
        let lowered = api.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            return "expected an http:// or https:// URL, found \"\(api)\""
        }
        let rest = api.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != ":" }
        if host.isEmpty { return "\"\(key)\" has no host" }
        if api.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            return "\"\(key)\" contains spaces, control or non-ASCII characters"
        }
        if rest.contains(where: { $0 == "?" || $0 == "#" || $0 == "@" }) {
            return "\"\(key)\" must be a base URL without query, fragment or user info"
        }
        return nil
    }
}
