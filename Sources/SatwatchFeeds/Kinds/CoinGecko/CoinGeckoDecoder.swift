import SatwatchBase
import SatwatchJSON
import SatwatchNet

/// Decodes CoinGecko `/simple/price` answers (asked with `include_last_updated_at=true`):
/// `{"ethereum":{"usd":3012.5,"eur":2790.1,"last_updated_at":1765375320},"solana":{…}}` gives
/// `<code>.<vs>` for every configured coin and currency (`eth.usd`, `sol.eur`), where `code`
/// is the asset code the config gives the CoinGecko id.
///
/// Sample time is the coin's `last_updated_at` (when CoinGecko last priced it), not the poll's
/// receive time: the feed's claim, which the evaluator bounds (see ``SampleTimeBounds``: never
/// later than the receive time, and a price older than `stale_after` is not current). Polls
/// come far more often than CoinGecko reprices some coins: a coin whose `last_updated_at`
/// equals the last one used is no new sample (the price is the same observation seen again),
/// and one older than it is an old answer (a cache behind), skipped as `out_of_order`; so the
/// decoder keeps the newest time used per coin. A coin without `last_updated_at`, or with one
/// further ahead than ``SampleTimeBounds/futureTolerance`` (a false claim, which as the newest
/// time would hold back every true answer after it), never counts as unchanged or old.
///
/// A configured coin missing from the answer (CoinGecko leaves out ids it does not know), a
/// currency missing or not a positive number, or a bad `last_updated_at` follow
/// ``SampleBatch``'s counting rule. `{"status":{"error_code":…}}` and `{"error":…}` (what
/// CoinGecko sends with 4xx answers) are `server_error`. A coin priced in itself (`btc` in
/// `btc`) publishes nothing: that is no market.
package struct CoinGeckoDecoder: FrameDecoder {
    /// The coins read, in order.
    private let coins: [CoinID]
    /// The currencies read for each coin.
    private let quotes: [String]
    /// The top-level keys read (the ids, and the error keys); others are skipped unbuilt.
    private let keys: Set<String>
    /// Per CoinGecko id, the `last_updated_at` (seconds) of its newest samples.
    private var lastUpdated: [String: Int64] = [:]
    /// Fields that were present but unusable in frames that still produced samples.
    package private(set) var rejectedFields = 0

    /// A `last_updated_at` beyond this (year 5138) is not a time CoinGecko sends.
    static let latestSeconds = 1e11

    /// Creates a decoder for `coins` priced in `quotes` (lowercase, e.g. `usd`).
    package init(coins: [CoinID], quotes: [String]) {
        self.coins = coins
        self.quotes = quotes
        keys = Set(coins.map(\.id)).union(["status", "error"])
    }

    /// Decodes one `/simple/price` answer received at `at` (see the type).
    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let page: JSONNode
        switch FrameObject.parse(frame, keeping: keys) {
        case .value(let object): page = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        if isErrorAnswer(page) { return .skipped(.serverError) }
        var batch = SampleBatch(at: at, source: FeedKind.coingecko.rawValue)
        var samples: [Sample] = []
        for coin in coins { read(coin, page[coin.id], at: at, into: &samples, &batch) }
        if samples.isEmpty, let reason = batch.firstRejection { return .skipped(reason) }
        rejectedFields += batch.rejected
        return .samples(samples)
    }

    /// Adds the coin's prices to `samples` when its entry is new; bad fields go to `batch`.
    private mutating func read(_ coin: CoinID, _ entry: JSONNode?, at: Timestamp, into samples: inout [Sample],
                               _ batch: inout SampleBatch) {
        guard let entry, entry.members != nil else { return batch.reject(.unexpectedShape) }
        var updated: Int64?
        if let node = entry["last_updated_at"] {
            switch Self.seconds(node) {
            case .value(let seconds): updated = seconds
            case .skipped(let reason): return batch.reject(reason)
            }
        }
        let claimed = updated.map { Timestamp(milliseconds: $0 * 1000) } ?? at
        // A false claim never becomes the newest time (the evaluator takes its prices at the
        // receive time and counts them).
        if SampleTimeBounds.claimsFuture(claimed, receivedAt: at) { updated = nil }
        if let updated, let last = lastUpdated[coin.id], updated <= last {
            if updated < last { batch.reject(.outOfOrder) }
            return
        }
        let before = samples.count
        for quote in quotes where quote != coin.code {
            guard let value = entry[quote]?.number else { batch.reject(.unexpectedShape); continue }
            guard ValueDomain.positive.admits(value) else { batch.reject(.invalidValue); continue }
            samples.append(Sample(metric: "\(coin.code).\(quote)", value: value, at: claimed, source: FeedKind.coingecko.rawValue))
        }
        if let updated, samples.count > before { lastUpdated[coin.id] = updated }
    }

    /// Whole seconds since the epoch from a `last_updated_at` node.
    private static func seconds(_ node: JSONNode) -> Decoded<Int64> {
        guard let value = node.number else { return .skipped(.unexpectedShape) }
        guard value.isFinite, value >= 0, value <= latestSeconds else { return .skipped(.invalidValue) }
        return .value(Int64(value.rounded(.down)))
    }

    /// CoinGecko's error bodies, unless a configured id is spelt like their key.
    private func isErrorAnswer(_ page: JSONNode) -> Bool {
        let ids = Set(coins.map(\.id))
        if !ids.contains("status"), page["status"]?["error_code"] != nil { return true }
        return !ids.contains("error") && page["error"] != nil
    }
}

/// The request a CoinGecko poll makes.
extension CoinGeckoDecoder {
    /// The header that carries a demo API key (`api_key`); without one the keyless public
    /// limits apply.
    static let apiKeyHeader = "x-cg-demo-api-key"

    /// `<base>/simple/price?ids=…&vs_currencies=…&include_last_updated_at=true` for `coins` in
    /// `quotes`. Ids and codes are checked by the config (letters, digits, `-`, `_`, `.`), so
    /// they need no escaping; the commas between them are what CoinGecko documents.
    package static func requestURL(base: String = FeedKind.coingecko.defaultURL, coins: [CoinID], quotes: [String]) -> String {
        var root = base
        while root.hasSuffix("/") { root.removeLast() }
        return root + "/simple/price?ids=" + coins.map(\.id).joined(separator: ",")
            + "&vs_currencies=" + quotes.joined(separator: ",") + "&include_last_updated_at=true"
    }

    /// The headers of every request: the API key when there is one. It is a secret, registered
    /// with the config's redactor, and the poller never logs headers.
    static func headers(apiKey: String?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let apiKey { headers.add(apiKeyHeader, apiKey) }
        return headers
    }
}
