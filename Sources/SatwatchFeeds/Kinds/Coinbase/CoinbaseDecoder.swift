import SatwatchBase
import SatwatchJSON

/// Decodes Coinbase Exchange WebSocket frames (`wss://ws-feed.exchange.coinbase.com`).
///
/// `ticker` messages of the configured products give `<asset>.<quote>` from `price` (a decimal
/// string): `BTC-USD` → `btc.usd`, `ETH-EUR` → `eth.eur` (see ``TradingPair``). `heartbeat` and the `subscriptions` ack are `.liveness`;
/// `error` is `server_error` (and said once, see ``notices(_:products:)``); other types are `unknown_message`. A ticker of a product that
/// is not configured is valid data with nothing in it (`.samples([])`). A ticker carries one
/// price, so a bad price skips the frame (`invalid_value`, or `unexpected_shape` when missing).
///
/// A ticker's `sequence` orders a product's messages: one lower than the last taken of its
/// product is old news and skipped (`out_of_order`), so a late frame never moves the price
/// back. The `subscriptions` ack starts every connection, and with it the numbering afresh: a
/// new connection's first sequence is taken whatever it is.
package struct CoinbaseDecoder: FrameDecoder {
    /// Product id → metric, e.g. `BTC-USD` → `btc.usd`.
    private let metrics: [String: String]
    /// The newest `sequence` taken per product on this connection.
    private var order = SeriesOrder()

    /// The top-level keys read; others are skipped unbuilt.
    static let keys: Set<String> = ["type", "product_id", "price", "sequence"]

    /// Creates a decoder for `products` (Coinbase product ids such as `BTC-USD`, `ETH-EUR`).
    package init(products: [TradingPair]) {
        metrics = Dictionary(products.map { ($0.symbol, $0.metric) }, uniquingKeysWith: { first, _ in first })
    }

    /// Decodes one Coinbase frame: a ticker price, liveness, or a skip.
    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let message: JSONNode
        switch FrameObject.parse(frame, keeping: Self.keys) {
        case .value(let object): message = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        guard let type = message["type"]?.string else { return .skipped(.unexpectedShape) }
        switch type {
        case "ticker":
            guard let product = message["product_id"]?.string else { return .skipped(.unexpectedShape) }
            guard let metric = metrics[product] else { return .samples([]) }
            if let sequence = message["sequence"]?.number, !order.admits(sequence, of: product) { return .skipped(.outOfOrder) }
            var batch = SampleBatch(at: at, source: FeedKind.coinbase.rawValue)
            batch.add(metric, decimal: message["price"], domain: .positive)
            return batch.outcome
        case "subscriptions":
            order.restart()
            return .liveness
        case "heartbeat":
            return .liveness
        case "error":
            return .skipped(.serverError)
        default:
            return .skipped(.unknownMessage)
        }
    }
}

/// What the client sends to Coinbase.
extension CoinbaseDecoder {
    /// The subscription, which the exchange requires within 5 s of connecting:
    /// `{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}`.
    /// The heartbeat channel makes the feed speak every second even when nothing trades.
    package static func subscribeMessage(products: [TradingPair]) -> String {
        let message: JSONValue = .object([
            JSONMember(key: "type", node: JSONNode("subscribe")),
            JSONMember(key: "product_ids", node: JSONNode(.array(products.map { JSONNode(.string($0.symbol)) }))),
            JSONMember(key: "channels", node: JSONNode(["ticker", "heartbeat"])),
        ])
        return message.jsonText()
    }
}

/// What is worth saying about Coinbase's answers.
extension CoinbaseDecoder {
    /// A refused request, said once (see `FeedWire.notices`): Coinbase answers a subscription
    /// naming a product it does not list with
    /// `{"type":"error","message":"Failed to subscribe","reason":"SOL-GBP is not a valid product"}`,
    /// which names the pair only in its text: each of `products` written there as a word is
    /// reported refused; an error naming none is reported as a refused subscribe.
    package static func notices(_ frame: String, products: [String]) -> [FeedNotice] {
        // Called on every frame: data (which never says "error") costs a scan, not a parse.
        guard frame.utf8.count <= 4_096, frame.contains("\"error\""),
              case .value(let object) = FrameObject.parse(frame, keeping: ["type", "message", "reason"]),
              object.node["type"]?.string == "error" else { return [] }
        let reason = object.node["reason"]?.string
        let error = [object.node["message"]?.string, reason].compactMap { $0 }.joined(separator: ": ")
        // Split on what a product id never holds, so BTC-USD is not found inside BTC-USDT.
        let words = Set((reason ?? "").split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init))
        let refused = products.filter(words.contains)
        guard !refused.isEmpty else { return [.requestRefused("subscribe", error: error.isEmpty ? "error" : error)] }
        return refused.map { FeedNotice.pairRefused($0, reason: error) }
    }
}
