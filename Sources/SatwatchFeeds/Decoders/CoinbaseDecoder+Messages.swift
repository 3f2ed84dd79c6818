import SatwatchJSON

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
