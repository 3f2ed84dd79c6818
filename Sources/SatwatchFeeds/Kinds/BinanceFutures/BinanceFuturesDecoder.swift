import SatwatchBase
import SatwatchJSON

/// Decodes Binance USDⓈ-M futures mark price frames (`wss://fstream.binance.com/stream`).
///
/// The combined stream wraps each event: `{"stream":"btcusdt@markPrice","data":{"e":
/// "markPriceUpdate","E":…,"s":"BTCUSDT","p":"92310.10000000","i":"92301.52","P":"92305.9",
/// "r":"0.00010000","T":…}}`; a raw single stream sends the bare event. For a configured symbol
/// it gives `funding.<symbol>` (the current funding rate `r` × 100, in %) and `mark.<symbol>`
/// (the mark price `p`), the symbol in lowercase. Request answers are `.liveness`, error answers
/// `server_error`, other events `unknown_message`. An event older than the last taken of its
/// symbol (by its event time `E`) is `out_of_order`, as for spot trades.
package struct BinanceFuturesDecoder: FrameDecoder {
    /// Symbol as Binance writes it (`BTCUSDT`) → its metric stem (`btcusdt`).
    private let stems: [String: String]
    package private(set) var rejectedFields = 0
    /// The newest event time taken per symbol.
    private var order = SeriesOrder()

    static let keys: Set<String> = ["data", "e", "s", "p", "r", "E", "result", "id", "code", "error"]

    /// Creates a decoder for `symbols` such as `BTCUSDT`.
    package init(symbols: [String]) {
        stems = Dictionary(symbols.map { ($0, $0.lowercased()) }, uniquingKeysWith: { first, _ in first })
    }

    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        switch BinanceEnvelope.open(frame, keeping: Self.keys) {
        case .event(let data): event(data, at: at)
        case .outcome(let outcome): outcome
        }
    }

    private mutating func event(_ event: JSONNode, at: Timestamp) -> FrameOutcome {
        guard let type = event["e"]?.string else { return .skipped(.unexpectedShape) }
        guard type == "markPriceUpdate" else { return .skipped(.unknownMessage) }
        guard let symbol = event["s"]?.string else { return .skipped(.unexpectedShape) }
        guard let stem = stems[symbol] else { return .samples([]) }
        guard order.admits(milliseconds: event["E"], of: symbol, receivedAt: at) else { return .skipped(.outOfOrder) }
        var batch = SampleBatch(at: at, source: FeedKind.binanceFutures.rawValue)
        switch SampleBatch.decimal(event["r"]) {
        case .value(let rate) where ValueDomain.any.admits(rate * 100): batch.add("funding.\(stem)", rate * 100)
        case .value: batch.reject(.invalidValue)
        case .skipped(let reason): batch.reject(reason)
        }
        batch.add("mark.\(stem)", decimal: event["p"], domain: .positive)
        rejectedFields += batch.samples.isEmpty ? 0 : batch.rejected
        return batch.outcome
    }
}

/// How satwatch addresses Binance futures: the streams in the connect URL, and its ping.
extension BinanceFuturesDecoder {
    /// `url` with `streams=btcusdt@markPrice/ethusdt@markPrice` added to its query.
    package static func streamsURL(_ url: String, symbols: [String]) -> String {
        let streams = symbols.map { $0.lowercased() + "@markPrice" }.joined(separator: "/")
        return url + (url.contains("?") ? "&" : "?") + "streams=" + streams
    }
}
