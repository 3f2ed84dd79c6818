import SatwatchJSON

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
