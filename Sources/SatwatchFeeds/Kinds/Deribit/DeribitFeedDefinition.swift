import SatwatchBase

extension FeedKind {
    /// Deribit's public JSON-RPC WebSocket: its volatility index (DVOL), perpetual funding and
    /// option tickers.
    package static let deribit = FeedKind(defining: "deribit")
}

/// The Deribit feed's own settings.
package struct DeribitSettings: FeedSettings, Equatable {
    /// `volatility`: the currencies whose DVOL is followed, lowercase (`btc`, `eth`).
    package var volatility: [String]
    /// `instruments`: perpetuals and options, as Deribit names them.
    package var instruments: [DeribitInstrument]

    package init(volatility: [String] = ["btc"], instruments: [DeribitInstrument] = [DeribitInstrument("BTC-PERPETUAL")!]) {
        self.volatility = volatility
        self.instruments = instruments
    }

    /// The channels subscribed to.
    var channels: [String] { DeribitWire.channels(volatility: volatility, instruments: instruments) }
}

/// The Deribit feed.
enum DeribitFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .deribit }
    static var defaultURL: String { "wss://www.deribit.com/ws/api/v2" }
    static var defaultSettings: DeribitSettings { DeribitSettings() }

    /// The most channels one connection subscribes to: far more than anyone watches, few enough
    /// that one subscribe request stays small.
    static let maxChannels = 200

    static var metricFamilies: [MetricFamily] {
        [.simple("dvol", shape: "dvol.<currency>", unit: "%", part: { MetricCatalog.isAssetCode($0) }),
         .simple("funding", shape: "funding.<perpetual>", unit: "% per 8h", part: { DeribitInstrument(guessing: $0)?.kind == .perpetual })]
        + zip(DeribitInstrument.optionFields, ["%", "", "", "USD", "USD per day", "", "USD"]).map { field, unit in
            MetricFamily(prefix: "option", shape: "option.<instrument>.\(field)", unit: unit) { name in
                guard name.hasPrefix("option."), name.hasSuffix("." + field) else { return false }
                let stem = String(name.dropFirst(7).dropLast(field.count + 1))
                return MetricFamily.isMetricPart(stem) && DeribitInstrument(guessing: stem)?.kind == .option
            }
        }
    }

    /// DVOL is published about once a second, and tickers every 100 ms.
    static func defaultStaleAfter(_ settings: DeribitSettings) -> TimeSpan { .seconds(60) }

    static func canPublish(base: String, quote: String) -> Bool { false }
    static func priceMetrics(_ settings: DeribitSettings) -> [String] { [] }

    static func familyMetrics(_ settings: DeribitSettings) -> [String] {
        settings.volatility.map { "dvol.\($0)" } + settings.instruments.flatMap(\.metrics)
    }

    static func familyHint(_ metric: String) -> String? {
        if metric.hasPrefix("dvol.") { return "add \"\(metric.dropFirst(5))\" to deribit \"volatility\"" }
        let stem = metric.hasPrefix("funding.") ? String(metric.dropFirst(8))
            : String(metric.dropFirst(7).prefix { $0 != "." })
        guard let instrument = DeribitInstrument(guessing: stem) else { return nil }
        return "add \"\(instrument.name)\" to deribit \"instruments\""
    }

    /// `volatility` (currencies) and `instruments` (perpetuals and options); at least one entry
    /// between them, each once.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> DeribitSettings {
        var settings = DeribitSettings()
        if let list = object.strings("volatility") {
            let nodes = object.member("volatility")?.node.array ?? []
            settings.volatility = []
            for (currency, node) in zip(list, nodes) {
                if !MetricCatalog.isAssetCode(currency) {
                    let lower = currency.lowercased()
                    object.report(at: node.location, MetricCatalog.isAssetCode(lower) ? "currency \"\(currency)\" must be lowercase (\"\(lower)\")"
                                  : "invalid currency \"\(currency)\" (2 to 10 lowercase letters or digits, e.g. \"btc\")")
                } else if settings.volatility.contains(currency) {
                    object.report(at: node.location, "\"\(currency)\" is listed twice")
                } else {
                    settings.volatility.append(currency)
                }
            }
        }
        if let list = object.strings("instruments") {
            let nodes = object.member("instruments")?.node.array ?? []
            settings.instruments = []
            for (name, node) in zip(list, nodes) {
                guard let instrument = DeribitInstrument(name) else {
                    object.report(at: node.location, DeribitInstrument.problem(name))
                    continue
                }
                if let earlier = settings.instruments.first(where: { $0.stem == instrument.stem }) {
                    object.report(at: node.location, "\"\(name)\" is listed twice" + (earlier.name == name ? "" : " (as \"\(earlier.name)\")"))
                    continue
                }
                settings.instruments.append(instrument)
            }
        }
        if settings.volatility.isEmpty, settings.instruments.isEmpty {
            object.report(nil, "deribit needs at least one entry in \"volatility\" or \"instruments\"")
        }
        if settings.channels.count > maxChannels {
            object.report("instruments", "deribit follows at most \(maxChannels) channels on one connection; this config asks for \(settings.channels.count)")
        }
        return settings
    }

    static func makeDecoder(_ settings: DeribitSettings) -> any FrameDecoder {
        DeribitDecoder(volatility: settings.volatility, instruments: settings.instruments)
    }

    /// Heartbeats on and the subscription after each connect, without the instruments Deribit
    /// reported gone; the server's `test_request` is answered and its heartbeats kept inside the
    /// feed; a quiet stream is probed with `public/test`; each instrument the server did not
    /// subscribe or reports gone is reported once (see `DeribitWire.notices`).
    static func wire(_ feed: FeedConfig, _ settings: DeribitSettings) -> FeedWire {
        let channels = settings.channels
        var wire = FeedWire(openingMessages: [], ping: DeribitWire.pingMessage,
                            quietBeforePing: min(.seconds(10), feed.staleAfter), pongTimeout: .seconds(10), isPong: DeribitWire.isPong)
        wire.openingMessages = { dropped in DeribitWire.openingMessages(channels: channels.filter { !dropped.contains($0) }) }
        wire.handle = DeribitWire.handle
        wire.notices = { DeribitWire.notices($0, channels: channels) }
        return wire
    }
}
