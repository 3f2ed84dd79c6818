import SatwatchBase
import SatwatchJSON

/// Decodes Binance spot trade frames (`wss://stream.binance.com:9443/stream`).
///
/// The combined stream wraps each event: `{"stream":"btcusdt@trade","data":{"e":"trade",
/// "s":"BTCUSDT","p":"92272.32000000",…}}`; a raw single-stream frame is the bare event
/// (`{"e":"trade",…}`, what `/ws/btcusdt@trade` sends and what a raw file for
/// `replay --feed binance` holds). A `trade` (or `aggTrade`, same fields) of a configured symbol
/// gives `<asset>.<quote>` from `p` (a decimal string): `BTCUSDT` → `btc.usdt`. A trade carries
/// one price, so a bad price skips the frame (`invalid_value`, or `unexpected_shape` when
/// missing). Answers to requests (`{"result":…,"id":…}`) are `.liveness`; error answers
/// (`{"code":…,"msg":…}` or `{"error":…}`) are `server_error`; other events are `unknown_message`.
///
/// A trade's event time `E` (milliseconds) orders its symbol's trades: one older than the last
/// taken of its symbol is old news and skipped (`out_of_order`); see `SeriesOrder.admits(time:of:receivedAt:)`.
package struct BinanceDecoder: FrameDecoder {
    /// Symbol as Binance writes it in events (`BTCUSDT`) → metric (`btc.usdt`).
    private let metrics: [String: String]
    /// The newest event time taken per symbol.
    private var order = SeriesOrder()

    /// The top-level keys read, wrapped or raw; others are skipped unbuilt.
    static let keys: Set<String> = ["data", "e", "s", "p", "E", "result", "id", "code", "error"]

    /// Creates a decoder for `symbols` such as `BTCUSDT` or `ETHBTC`.
    package init(symbols: [TradingPair]) {
        metrics = Dictionary(symbols.map { ($0.symbol, $0.metric) }, uniquingKeysWith: { first, _ in first })
    }

    /// Decodes one Binance frame: a trade price, liveness, or a skip.
    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        switch BinanceEnvelope.open(frame, keeping: Self.keys) {
        case .event(let data): event(data, at: at)
        case .outcome(let outcome): outcome
        }
    }

    /// One stream event, unwrapped.
    private mutating func event(_ event: JSONNode, at: Timestamp) -> FrameOutcome {
        guard let type = event["e"]?.string else { return .skipped(.unexpectedShape) }
        guard type == "trade" || type == "aggTrade" else { return .skipped(.unknownMessage) }
        guard let symbol = event["s"]?.string else { return .skipped(.unexpectedShape) }
        guard let metric = metrics[symbol] else { return .samples([]) }
        guard order.admits(milliseconds: event["E"], of: symbol, receivedAt: at) else { return .skipped(.outOfOrder) }
        var batch = SampleBatch(at: at, source: FeedKind.binance.rawValue)
        batch.add(metric, decimal: event["p"], domain: .positive)
        return batch.outcome
    }
}

/// How satwatch addresses Binance: the streams named in the connect URL, and the request it uses
/// as a ping.
extension BinanceDecoder {
    /// Binance's quote assets, longest first, so that `BTCFDUSD` splits as `BTC` + `FDUSD` and
    /// not `BTCFD` + `USD`. Codes that would mis-split a listed pair are left out: with `AEUR`,
    /// `ADAEUR` would read as `AD` + `AEUR`.
    static let quoteAssets = [
        "FDUSD", "USDT", "USDC", "TUSD", "BUSD", "USDP", "DOGE",
        "BTC", "ETH", "BNB", "XRP", "TRX", "DAI", "EUR", "GBP", "TRY", "BRL", "JPY", "AUD",
        "MXN", "ZAR", "PLN", "RON", "ARS", "UAH", "COP", "CZK", "IDR", "RUB", "NGN",
    ]

    /// The combined-stream URL for `symbols`: `url` with `streams=btcusdt@trade/ethusdt@trade`
    /// added to its query (Binance names the streams in the URL, lowercase).
    package static func streamsURL(_ url: String, symbols: [TradingPair]) -> String {
        let streams = symbols.map { $0.symbol.lowercased() + "@trade" }.joined(separator: "/")
        return url + (url.contains("?") ? "&" : "?") + "streams=" + streams
    }

    /// The request used as a ping: Binance answers `{"result":["btcusdt@trade"],"id":2}`. Its
    /// WebSocket ping frames are answered by the connection itself, but they never reach the
    /// feed, so they cannot tell a quiet pair from a dead connection.
    package static let pingMessage = #"{"method":"LIST_SUBSCRIPTIONS","id":2}"#

    /// Whether `frame` answers ``pingMessage``: an object with `"result"` and `"id": 2`.
    package static func isPong(_ frame: String) -> Bool {
        // Called on every frame: a trade (which never says "result") costs a scan, not a parse.
        guard frame.utf8.count <= 65_536, frame.contains(#""result""#),
              case .value(let object) = FrameObject.parse(frame, keeping: ["result", "id"]) else { return false }
        return object.node["result"] != nil && object.node["id"]?.number == 2
    }
}

/// Binance's stream envelope, the same for its spot and futures streams: an event, either
/// wrapped by a combined stream (`{"stream": …, "data": {…}}`) or bare, an answer to a
/// subscription (liveness), or an error.
enum BinanceEnvelope {
    enum Content {
        /// The stream event, unwrapped.
        case event(JSONNode)
        /// What the frame amounts to when it holds no event.
        case outcome(FrameOutcome)
    }

    /// Opens `frame`, keeping `keys` of its objects.
    static func open(_ frame: String, keeping keys: Set<String>) -> Content {
        let message: JSONNode
        switch FrameObject.parse(frame, keeping: keys) {
        case .value(let object): message = object.node
        case .skipped(let reason): return .outcome(.skipped(reason))
        }
        if let data = message["data"] { return .event(data) }
        if message["e"] != nil { return .event(message) }
        if message["error"] != nil || message["code"] != nil { return .outcome(.skipped(.serverError)) }
        // `{"result":null,"id":1}` answers SUBSCRIBE, `{"result":[…],"id":2}` LIST_SUBSCRIPTIONS.
        if message["result"] != nil, message["id"] != nil { return .outcome(.liveness) }
        return .outcome(.skipped(.unexpectedShape))
    }
}
