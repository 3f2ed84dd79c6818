import SatwatchBase
import SatwatchJSON

extension CoinGeckoFeedDefinition {
    /// `every` (default 1m, at least 30s), `coins` (asset code → CoinGecko id, default
    /// `{"btc": "bitcoin"}`), `vs` (currencies, default `["usd"]`) and `api_key` (a demo key;
    /// empty means none, so an operator can leave `${COINGECKO_KEY}` empty for the keyless tier).
    /// Each bad entry is reported at its place.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> CoinGeckoSettings {
        var settings = CoinGeckoSettings()
        if let every = object.pollInterval(atLeast: shortestEvery) { settings.every = every }
        settings.coins = readCoins(&object) ?? defaultCoins
        settings.quotes = readQuotes(&object) ?? defaultQuotes
        if let key = object.string("api_key"), !key.isEmpty { settings.apiKey = key }
        return settings
    }

    /// The valid entries of `coins`, sorted by code; nil when absent or not an object.
    private static func readCoins(_ settings: inout ConfigObject) -> [CoinID]? {
        guard var object = settings.object("coins") else { return nil }
        if object.members.isEmpty { settings.report("coins", "\"coins\" must name at least one coin"); return nil }
        var coins: [CoinID] = []
        for member in object.members {
            _ = object.member(member.key)
            let code = member.key
            // A repeated key is reported by `finish`; its first value is the one read.
            guard !coins.contains(where: { $0.code == code }) else { continue }
            guard isCoinCode(code) else {
                object.report(at: member.keyLocation, codeProblem(code, noun: "coin code"))
                continue
            }
            guard let id = object.expandedString(member.node) else { continue }
            guard isCoinGeckoID(id) else {
                object.report(at: member.node.location, "invalid CoinGecko id \"\(id)\" (lowercase letters, digits, \"-\", \"_\" "
                              + "and \".\", as in the coin's CoinGecko page address, e.g. \"ethereum\")")
                continue
            }
            if let earlier = coins.first(where: { $0.id == id }) {
                object.report(at: member.node.location, "\"\(id)\" is already the id of \"\(earlier.code)\"")
                continue
            }
            coins.append(CoinID(code: code, id: id))
        }
        // Every key was asked for above: `finish` reports only repeated ones.
        object.finish()
        return coins.sorted { $0.code < $1.code }
    }

    /// The valid entries of `vs`, in order; nil when absent or not a list of strings.
    private static func readQuotes(_ settings: inout ConfigObject) -> [String]? {
        guard let list = settings.strings("vs") else { return nil }
        if list.isEmpty { settings.report("vs", "\"vs\" must list at least one currency"); return nil }
        let nodes = settings.member("vs")?.node.array ?? []
        var quotes: [String] = []
        for (quote, node) in zip(list, nodes) {
            if !MetricCatalog.isAssetCode(quote) {
                settings.report(at: node.location, codeProblem(quote, noun: "currency"))
            } else if quotes.contains(quote) {
                settings.report(at: node.location, "\"\(quote)\" is listed twice")
            } else {
                quotes.append(quote)
            }
        }
        return quotes
    }

    /// A code that can start a price name: not one that starts a fixed metric (`fee`, `block`).
    static func isCoinCode(_ text: String) -> Bool {
        // The catalog's own rule, asked about a price in some other currency.
        MetricCatalog.isAssetCode(text) && MetricCatalog.price(of: text + (text == "usd" ? ".eur" : ".usd")) != nil
    }

    /// CoinGecko ids as its API and page addresses spell them (`ethereum`, `usd-coin`).
    static func isCoinGeckoID(_ text: String) -> Bool {
        (1...100).contains(text.count) && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
    }

    private static func codeProblem(_ text: String, noun: String) -> String {
        let lower = text.lowercased()
        if text != lower, noun == "currency" ? MetricCatalog.isAssetCode(lower) : isCoinCode(lower) { return "\(noun) \"\(text)\" must be lowercase (\"\(lower)\")" }
        // Only a coin code can be well formed yet invalid: one that starts a fixed metric.
        if MetricCatalog.isAssetCode(text) { return "\"\(text)\" cannot be a coin code: \(text).usd would not be a price" }
        return "invalid \(noun) \"\(text)\" (2 to 10 lowercase letters or digits, e.g. \"\(noun == "currency" ? "usd" : "eth")\")"
    }
}
