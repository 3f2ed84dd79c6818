import Glibc
import LinearRegex
import SatwatchApp
import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchNet
import SatwatchRules
import WebSocketFraming
import XML

/// What the fuzzer throws at: everything that reads bytes a feed or a user controls (a config or
/// rule file is read again on every SIGHUP, so a crash there would take the worker down). The first
/// input byte picks the target, the rest is its input; each target must return (any outcome, any
/// error) and never trap, whatever the bytes.
enum FuzzHarness {
    /// The targets, in selector order (`selector % count`).
    static let targets: [(name: String, run: @Sendable (UnsafeRawBufferPointer) -> Void)] = [
        ("json", parseJSON),
        ("mempool", { decode(.mempool, $0) }),
        ("coinbase", { decode(.coinbase, $0) }),
        ("kraken", { decode(.kraken, $0) }),
        ("coinmetrics", { decode(.coinmetrics, $0) }),
        ("websocket", decodeWebSocketFrames),
        ("config", { loadFiles(config: $0, rules: nil) }),
        ("rules", { loadFiles(config: nil, rules: $0) }),
        ("expression", evaluateExpression),
        ("coingecko", { decode(.coingecko, $0) }),
        ("mempool-block-signal", { _ = MempoolBlockSignal(frame: String(decoding: $0, as: UTF8.self)) }),
        ("binance", { decode(.binance, $0) }),
        ("http-request", parseRequestHead),
        ("silence-link", verifySilenceLink),
        ("deribit", decodeDeribit),
        ("binance-futures", { decode(.binanceFutures, $0) }),
        ("news", { decode(.news, $0) }),
        ("news-document", readNewsDocument),
        ("mempool-watch", decodeWatchedFrames),
        ("bitcoin-address", parseAddress),
        ("label-regex", matchLabelRegex),
    ]

    /// A Deribit frame as the feed sees it: the wire's heartbeat handling and notices, then a
    /// decoder that follows a perpetual and an option (the default settings name no option).
    static func decodeDeribit(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let instruments = ["BTC-PERPETUAL", "BTC-27DEC26-100000-C"].compactMap { DeribitInstrument($0) }
        _ = DeribitWire.handle(text)
        _ = DeribitWire.notices(text, channels: DeribitWire.channels(volatility: ["btc"], instruments: instruments))
        var decoder = DeribitDecoder(volatility: ["btc", "eth"], instruments: instruments)
        _ = decoder.decode(text, at: Timestamp(milliseconds: 1_700_000_000_000))
    }

    /// A news document's bytes as a server sends them: decoded as their encoding says, then read
    /// by the XML reader into items (the decoder's path without the JSON frame around it).
    static func readNewsDocument(_ bytes: UnsafeRawBufferPointer) {
        guard let text = try? XMLText.decode(Array(bytes)) else { return }
        _ = NewsDecoder.problem(in: text)
        var decoder = NewsDecoder()
        _ = decoder.decode(NewsDecoder.frame(source: "fuzz", body: text), at: Timestamp(milliseconds: 1_700_000_000_000))
    }

    /// A watch the chain targets follow: the shop address and the two transactions of the
    /// fixtures (Tests/Fixtures/feeds/mempool-ws-chain.jsonl).
    static let watch: ChainWatch = {
        let shop = try? BitcoinAddress(parsing: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
        return ChainWatch(addresses: shop.map { [.init(name: "shop", address: $0)] } ?? [],
                          transactions: [.init(name: "rent", txid: "e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d"),
                                         .init(name: "bump", txid: "5d7e9f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e4f6a8b0c1d3e")])
    }()

    /// Frames of a mempool feed with a watch, one per line, through one decoder (its state
    /// carries from frame to frame), then the notes a notification would carry.
    static func decodeWatchedFrames(_ bytes: UnsafeRawBufferPointer) {
        var decoder = MempoolDecoder(watch: watch)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            _ = decoder.decode(String(decoding: line, as: UTF8.self), at: Timestamp(milliseconds: 1_700_000_000_000 + Int64(index) * 1000))
        }
        let notes = ChainNotes(settings: MempoolSettings(watch: watch), url: "wss://mempool.space/api/v1/ws")
        _ = notes?.lines(for: watch.metrics, decoder: decoder)
    }

    /// An address or a txid as a user writes one in `"watch"`.
    static func parseAddress(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let address = try? BitcoinAddress(parsing: text) { _ = address.belongs(to: .test) }
        _ = ChainWatch.txidProblem(text)
        _ = try? Bech32.decode(text)
    }

    /// What an HTTP client sends the endpoint: a request head (up to its blank line), then the
    /// query and form decoders over what it names.
    static func parseRequestHead(_ bytes: UnsafeRawBufferPointer) {
        guard let head = try? HTTPRequestHead(parsing: Array(bytes)[...], limits: .standard) else { return }
        _ = head.request.queryFields.fields
        _ = HTTPFormFields(head.request.path).fields
    }

    /// A silence link as someone might change it: verified against a fixed key, never trapping.
    static func verifySilenceLink(_ bytes: UnsafeRawBufferPointer) {
        let key = [UInt8](repeating: 7, count: 32)
        _ = try? SilenceLink.verified(query: String(decoding: bytes, as: UTF8.self), key: key, now: Timestamp(milliseconds: 1_700_000_000_000))
    }

    /// A silence's regular expression as the API takes it (`"match": ["team=~…"]`): compiled, then
    /// matched against values that exercise it, itself included.
    static func matchLabelRegex(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let regex = try? LabelRegex(text) else { return }
        for value in ["", text, "page", String(repeating: "a", count: 300) + "!", "é🙂\n"] { _ = regex.matches(value) }
    }

    /// A rule level or derived metric as a user writes it: parsed, then evaluated by an engine as
    /// a rule's level and a derived metric over samples of every metric it names (zero, negative,
    /// huge and tiny values, a day apart so day windows fill).
    static func evaluateExpression(_ bytes: UnsafeRawBufferPointer) {
        guard let level = try? Expression(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
        let rule = Rule(name: "f", condition: LevelCondition(.above, metric: "btc.usd", level: level))
        var engine = RuleEngine(rules: [rule], derived: [DerivedMetric(name: "fuzz.x", expression: level)])
        let metrics = ["btc.usd"] + level.metrics.map(\.name) + level.windows.map(\.metric)
        for (step, value) in [0, 1, -1, 1e308, -1e-308, 92_000.5, 0].enumerated() {
            for metric in metrics {
                let at = Timestamp(milliseconds: 1_700_000_000_000 + Int64(step) * 86_400_000)
                _ = engine.ingest(Sample(metric: metric, value: value, at: at, source: "fuzz"))
            }
        }
    }

    /// Runs one input: selector byte, then the target's bytes.
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let selector = input.first else { return }
        targets[Int(selector) % targets.count].run(UnsafeRawBufferPointer(rebasing: input.dropFirst()))
    }

    /// The config and rule file reader (positions on) and the frame reader (positions off).
    static func parseJSON(_ bytes: UnsafeRawBufferPointer) {
        _ = try? JSONParser.parse(bytes: bytes, positions: true)
        _ = try? JSONParser.parse(bytes: bytes, positions: false)
    }

    /// A feed's decoder, twice in a row (decoders keep state, e.g. Coin Metrics' price window).
    static func decode(_ kind: FeedKind, _ bytes: UnsafeRawBufferPointer) {
        var decoder = FeedConfig(kind: kind).makeDecoder()
        let text = String(decoding: bytes, as: UTF8.self)
        _ = decoder.decode(text, at: Timestamp(milliseconds: 1_700_000_000_000))
        _ = decoder.decode(text, at: Timestamp(milliseconds: 1_700_000_060_000))
    }

    /// The RFC 6455 frame decoder over a byte stream cut into pieces the way a socket might
    /// (the first byte sets the piece size), with a small message limit to reach that path too.
    static func decodeWebSocketFrames(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        let piece = Int(first % 32) + 1
        var decoder = WebSocketFrameDecoder(maxMessageBytes: 4096)
        var index = 1
        while index < bytes.count {
            let end = min(bytes.count, index + piece)
            do {
                try decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[index..<end])) { _ in }
            } catch {
                return
            }
            index = end
        }
    }

    /// The config loader and the rule loader with all their cross-checks, on files in a
    /// tmpfs folder of this process: the input is the config (with a fixed rule file) or the
    /// rule file (with a fixed config).
    static func loadFiles(config: UnsafeRawBufferPointer?, rules: UnsafeRawBufferPointer?) {
        let folder = "/dev/shm/satwatch-fuzz-\(getpid())"
        mkdir(folder, 0o700)
        write(config, orText: #"{"state": "s.db", "rules": ["rules.json"], "channels": {"log": {"type": "log"}}, "defaults": {"channels": ["log"]}}"#,
              to: folder + "/satwatch.json")
        write(rules, orText: #"{"rules": [{"name": "r", "metric": "fee.fastest", "above": 10}]}"#, to: folder + "/rules.json")
        _ = Setup.load(path: folder + "/satwatch.json", environment: ["TOKEN": "t"], logger: Logger(level: .error, sink: { _ in }))
        unlink(folder + "/satwatch.json")
        unlink(folder + "/rules.json")
        rmdir(folder)
    }

    private static func write(_ bytes: UnsafeRawBufferPointer?, orText text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if let bytes, let base = bytes.baseAddress {
            _ = Glibc.write(descriptor, base, bytes.count)
        } else {
            _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
        }
    }
}
