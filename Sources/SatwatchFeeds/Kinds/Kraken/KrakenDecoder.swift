import SatwatchBase
import SatwatchJSON

/// Decodes Kraken WebSocket v2 frames (`wss://ws.kraken.com/v2`).
///
/// `{"channel":"ticker","type":"snapshot"|"update","data":[{"symbol":"BTC/USD","last":…}]}`
/// gives `<asset>.<quote>` per configured symbol (`last` is a JSON number), e.g. `ETH/EUR` →
/// `eth.eur`. Kraken's legacy `XBT` is read as `BTC` on both sides. `heartbeat` and `status`
/// channels, subscribe acks and pongs are `.liveness`; any `"success": false` answer is `server_error`
/// (and said once, see ``notices(_:)``). Bad entries of `data` follow ``SampleBatch``'s counting rule.
///
/// An entry's `timestamp` (RFC 3339) orders its symbol's tickers: an entry older than the last
/// taken of its symbol is old news and dropped (`out_of_order`), so a late frame never moves a
/// price back. A time further ahead than ``SampleTimeBounds/futureTolerance`` is a false claim
/// and never becomes the newest, so it cannot hold back the true ones after it. The `status`
/// message that opens every connection starts the order afresh.
package struct KrakenDecoder: FrameDecoder {
    /// Normalized symbol (`BTC/USD`) → metric (`btc.usd`).
    private let metrics: [String: String]
    /// The newest ticker `timestamp` taken per symbol, in milliseconds.
    private var order = SeriesOrder()
    /// Ticker entries that were present but unusable in frames that still produced samples.
    package private(set) var rejectedFields = 0

    /// The top-level keys read; others are skipped unbuilt.
    static let keys: Set<String> = ["success", "method", "error", "channel", "data"]

    /// Creates a decoder for `symbols` such as `BTC/USD`, `XBT/EUR` or `ETH/USD`.
    package init(symbols: [TradingPair]) {
        metrics = Dictionary(symbols.map { (Self.normalized($0.symbol), $0.metric) }, uniquingKeysWith: { first, _ in first })
    }

    /// `XBT/USD` → `BTC/USD`, `ETH/XBT` → `ETH/BTC`: Kraken may answer in either spelling.
    /// Called for every ticker entry: a symbol without XBT (nearly all of them) costs no split.
    static func normalized(_ symbol: String) -> String {
        guard symbol.contains("XBT") else { return symbol }
        return symbol.split(separator: "/", omittingEmptySubsequences: false).map { $0 == "XBT" ? "BTC" : $0 }.joined(separator: "/")
    }

    /// Decodes one Kraken v2 frame: ticker prices, liveness, or a skip.
    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let message: JSONNode
        switch FrameObject.parse(frame, keeping: Self.keys) {
        case .value(let object): message = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        // Method answers (subscribe, unsubscribe, pong) and errors carry `success`.
        if message["success"]?.bool == false { return .skipped(.serverError) }
        if let method = message["method"]?.string {
            switch method {
            case "subscribe", "unsubscribe", "pong": return .liveness
            default: return .skipped(.unknownMessage)
            }
        }
        if message["error"] != nil { return .skipped(.serverError) }
        guard let channel = message["channel"]?.string else { return .skipped(.unexpectedShape) }
        switch channel {
        case "ticker": return ticker(message, at: at)
        case "status":
            // Sent first on every connection: its tickers start with a snapshot, taken as is.
            order.restart()
            return .liveness
        case "heartbeat": return .liveness
        default: return .skipped(.unknownMessage)
        }
    }

    private mutating func ticker(_ message: JSONNode, at: Timestamp) -> FrameOutcome {
        guard let entries = message["data"]?.array else { return .skipped(.unexpectedShape) }
        var batch = SampleBatch(at: at, source: FeedKind.kraken.rawValue)
        for entry in entries {
            guard let symbol = entry["symbol"]?.string else {
                batch.reject(.unexpectedShape)
                continue
            }
            guard let metric = metrics[Self.normalized(symbol)] else { continue }
            if let time = entry["timestamp"]?.string.flatMap(Timestamp.init(rfc3339:)), !order.admits(time: time, of: metric, receivedAt: at) {
                batch.reject(.outOfOrder)
                continue
            }
            batch.add(metric, number: entry["last"], domain: .positive)
        }
        if !batch.samples.isEmpty { rejectedFields += batch.rejected }
        return batch.outcome
    }
}

/// What the client sends to Kraken, and how its keep-alive answer looks.
extension KrakenDecoder {
    /// The ticker subscription:
    /// `{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"]},"req_id":1}`.
    package static func subscribeMessage(symbols: [TradingPair]) -> String {
        let params: JSONValue = .object([
            JSONMember(key: "channel", node: JSONNode("ticker")),
            JSONMember(key: "symbol", node: JSONNode(.array(symbols.map { JSONNode(.string($0.symbol)) }))),
        ])
        let message: JSONValue = .object([
            JSONMember(key: "method", node: JSONNode("subscribe")),
            JSONMember(key: "params", node: JSONNode(params)),
            JSONMember(key: "req_id", node: JSONNode(1)),
        ])
        return message.jsonText()
    }

    /// The application-level ping; Kraken answers `{"method":"pong","req_id":2,…}`.
    package static let pingMessage = #"{"method":"ping","req_id":2}"#

    /// Whether `frame` is the answer to ``pingMessage``: an object with `"method": "pong"`.
    package static func isPong(_ frame: String) -> Bool {
        // Ticker frames are long and start with `{"channel"`; only short frames can be pongs.
        guard frame.utf8.count <= 512, case .value(let object) = FrameObject.parse(frame, keeping: ["method"]) else { return false }
        return object.node["method"]?.string == "pong"
    }
}

/// What is worth saying about Kraken's answers.
extension KrakenDecoder {
    /// A refused request, said once (see `FeedWire.notices`): Kraken answers a subscription for
    /// each symbol apart, and one it does not list with
    /// `{"error":"Currency pair not supported SOL/GBP","method":"subscribe","success":false,"symbol":"SOL/GBP",…}`,
    /// named as that pair; an error naming no symbol (`Malformed request`) is named by its
    /// method. The other symbols' tickers flow, so without this nothing would say why one waits.
    package static func notices(_ frame: String) -> [FeedNotice] {
        // Called on every frame: data (which never says "error") costs a scan, not a parse.
        guard frame.utf8.count <= 4_096, frame.contains("\"error\""),
              case .value(let object) = FrameObject.parse(frame, keeping: ["error", "method", "symbol"]),
              let error = object.node["error"]?.string else { return [] }
        if let symbol = object.node["symbol"]?.string { return [.pairRefused(symbol, reason: error)] }
        return [.requestRefused(object.node["method"]?.string ?? "request", error: error)]
    }
}
