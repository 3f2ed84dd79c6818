import SatwatchBase

extension FeedKind {
    /// Binance USDⓈ-M futures' mark price streams (`<symbol>@markPrice`): funding rate and mark
    /// price of the configured perpetual `symbols`.
    package static let binanceFutures = FeedKind(defining: "binance_futures")
}

/// The Binance futures feed's own settings.
package struct BinanceFuturesSettings: FeedSettings, Equatable {
    /// `symbols`: perpetual contracts as Binance writes them (`BTCUSDT`).
    package var symbols: [String]

    package init(symbols: [String] = ["BTCUSDT"]) { self.symbols = symbols }
}

/// The Binance USDⓈ-M futures mark price feed.
enum BinanceFuturesFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .binanceFutures }
    static var defaultURL: String { "wss://fstream.binance.com/stream" }
    static var defaultSettings: BinanceFuturesSettings { BinanceFuturesSettings() }

    static var metricFamilies: [MetricFamily] {
        [.simple("funding", shape: "funding.<symbol>", unit: "% per funding interval", part: isSymbolStem),
         .simple("mark", shape: "mark.<symbol>", unit: "quote per contract", part: isSymbolStem)]
    }

    /// A symbol's metric part: `btcusdt` (no `_`: that is Deribit's `btc_perpetual`).
    private static func isSymbolStem(_ text: String) -> Bool { isSymbol(text.uppercased()) }

    /// A perpetual as Binance writes it: 5 to 20 capitals and digits (`BTCUSDT`, `1000PEPEUSDT`).
    /// Dated contracts (`BTCUSDT_250627`) have no funding and are not symbols here.
    static func isSymbol(_ text: String) -> Bool {
        (5...20).contains(text.count) && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Mark prices arrive every 3 seconds.
    static func defaultStaleAfter(_ settings: BinanceFuturesSettings) -> TimeSpan { .seconds(60) }

    static func canPublish(base: String, quote: String) -> Bool { false }
    static func priceMetrics(_ settings: BinanceFuturesSettings) -> [String] { [] }

    static func familyMetrics(_ settings: BinanceFuturesSettings) -> [String] {
        settings.symbols.flatMap { ["funding.\($0.lowercased())", "mark.\($0.lowercased())"] }
    }

    static func familyHint(_ metric: String) -> String? {
        let stem = metric.split(separator: ".").last.map(String.init) ?? ""
        return isSymbolStem(stem) ? "add \"\(stem.uppercased())\" to binance_futures \"symbols\"" : nil
    }

    /// `symbols`, each a perpetual once; not more than one connection carries.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> BinanceFuturesSettings {
        var settings = BinanceFuturesSettings()
        if let list = object.strings("symbols") {
            if list.isEmpty { object.report("symbols", "\"symbols\" must list at least one entry") }
            let nodes = object.member("symbols")?.node.array ?? []
            var symbols: [String] = []
            for (symbol, node) in zip(list, nodes) {
                if isSymbol(symbol) {
                    if symbols.contains(symbol) { object.report(at: node.location, "\"\(symbol)\" is listed twice") } else { symbols.append(symbol) }
                    continue
                }
                let guess = symbol.uppercased().filter { $0 != "-" && $0 != "/" && $0 != "_" }
                if symbol.contains("_"), isSymbol(String(symbol.prefix { $0 != "_" })) {
                    object.report(at: node.location, "\"\(symbol)\" is a dated contract: it has no funding (follow a perpetual such as \"BTCUSDT\")")
                } else if isSymbol(guess) {
                    object.report(at: node.location, "invalid symbol \"\(symbol)\" (did you mean \"\(guess)\"?)")
                } else {
                    object.report(at: node.location, "invalid symbol \"\(symbol)\" (a perpetual as Binance writes it, e.g. \"BTCUSDT\")")
                }
            }
            if !symbols.isEmpty { settings.symbols = symbols }
        }
        if settings.symbols.count > BinanceFeedDefinition.maxStreams {
            object.report("symbols", "Binance serves at most \(BinanceFeedDefinition.maxStreams) streams on one connection; \"symbols\" lists \(settings.symbols.count)")
        }
        if feed.url.contains("streams=") {
            object.report("url", "\"url\" must not name streams: they are built from \"symbols\"")
        }
        return settings
    }

    static func makeDecoder(_ settings: BinanceFuturesSettings) -> any FrameDecoder { BinanceFuturesDecoder(symbols: settings.symbols) }

    /// As Binance spot: the streams in the URL, a quiet stream probed with LIST_SUBSCRIPTIONS
    /// (mark prices come every 3 s, so 30 s of nothing is suspect), the connection renewed at
    /// 23 h before Binance ends it at 24 h.
    static func wire(_ feed: FeedConfig, _ settings: BinanceFuturesSettings) -> FeedWire {
        var wire = FeedWire(openingMessages: [], ping: BinanceDecoder.pingMessage, quietBeforePing: min(.seconds(30), feed.staleAfter),
                            pongTimeout: .seconds(10), isPong: BinanceDecoder.isPong)
        wire.url = BinanceFuturesDecoder.streamsURL(feed.url, symbols: settings.symbols)
        wire.maxConnectionAge = .hours(23)
        return wire
    }
}
