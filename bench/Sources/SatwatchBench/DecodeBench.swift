import FoundationEssentials
import SatwatchBase
import SatwatchFeeds

/// A feed's recorded frames decoded per second: every frame of the fixture, many rounds, one core.
enum DecodeBench {
    static func run(fixture: String, rounds: Int, decoder: some FrameDecoder = MempoolDecoder()) throws -> Double {
        guard let data = FileManager.default.contents(atPath: fixture) else { throw BenchError("cannot read \(fixture)") }
        var frames: [String] = []
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            frames.append(String(decoding: data[start..<index], as: UTF8.self))
            start = index + 1
        }
        var samples = 0
        let began = BenchClock.now()
        for round in 0..<rounds {
            // Each round a fresh copy, as a new connection: decoders that order a series (trade
            // times, block heights) would otherwise drop every later round as old news.
            var decoder = decoder
            for frame in frames {
                if case .samples(let decoded) = decoder.decode(frame, at: Timestamp(milliseconds: Int64(round))) { samples += decoded.count }
            }
        }
        let elapsed = BenchClock.now() - began
        precondition(samples > 0)
        return Double(frames.count * rounds) / elapsed
    }
}

extension DecodeBench {
    /// The decoding rows: each feed's recorded frames, the fixture replayed many times (the
    /// Coinbase one starts with its subscription ack, so each round is a new connection).
    static func addRows(to table: inout BenchTable, fixtures: String) {
        do {
            let mempool = try run(fixture: fixtures + "/mempool-ws-fees.jsonl", rounds: 100)
            table.add("mempool frames decoded", Format.fixed(mempool, 0), "frames/s", target: ">= 10000")
            let binancePairs = ["BTCUSDT", "ETHUSDT"].compactMap { TradingPair($0, feed: .binance) }
            let binance = try run(fixture: fixtures + "/binance-trades.jsonl", rounds: 2_000, decoder: BinanceDecoder(symbols: binancePairs))
            table.add("Binance trade frames decoded", Format.fixed(binance, 0), "frames/s", target: ">= 50000")
            let coinbasePairs = ["BTC-USD"].compactMap { TradingPair($0, feed: .coinbase) }
            let coinbase = try run(fixture: fixtures + "/coinbase-ticker.jsonl", rounds: 2_000, decoder: CoinbaseDecoder(products: coinbasePairs))
            table.add("Coinbase ticker frames decoded", Format.fixed(coinbase, 0), "frames/s")
            let krakenPairs = ["BTC/USD"].compactMap { TradingPair($0, feed: .kraken) }
            let kraken = try run(fixture: fixtures + "/kraken-ticker.jsonl", rounds: 2_000, decoder: KrakenDecoder(symbols: krakenPairs))
            table.add("Kraken ticker frames decoded", Format.fixed(kraken, 0), "frames/s")
        } catch {
            table.add("frames decoded: \(error)", "-", "")
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
