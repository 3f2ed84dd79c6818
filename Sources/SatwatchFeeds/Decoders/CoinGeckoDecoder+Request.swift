import SatwatchNet

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
