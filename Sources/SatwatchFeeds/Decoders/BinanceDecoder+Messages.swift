import SatwatchJSON

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
