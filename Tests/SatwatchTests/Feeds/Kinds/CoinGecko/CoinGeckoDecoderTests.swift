@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The CoinGecko `/simple/price` decoder on fixtures/coingecko-simple-price.json and hand-made
/// answers.
@Suite struct CoinGeckoDecoderTests {
    static let coins = [CoinID(code: "eth", id: "ethereum"), CoinID(code: "sol", id: "solana")]
    /// The fixture's `last_updated_at` of ethereum (2025-12-10T14:02:00Z, `Fixtures.time()`).
    static let ethUpdated = Timestamp(milliseconds: 1_765_375_320_000)
    static let solUpdated = Timestamp(milliseconds: 1_765_375_318_000)
    /// A receive time a minute after the fixture's prices.
    static let received = Fixtures.time(60_000)

    static func decoder(_ quotes: [String] = ["usd", "eur"], coins: [CoinID] = coins) -> CoinGeckoDecoder {
        CoinGeckoDecoder(coins: coins, quotes: quotes)
    }

    static func sample(_ metric: String, _ value: Double, _ at: Timestamp) -> Sample {
        Sample(metric: metric, value: value, at: at, source: "coingecko")
    }

    @Test func fixtureGivesEachCoinInEachCurrencyAtItsUpdateTime() throws {
        var decoder = Self.decoder()
        let outcome = decoder.decode(try Fixtures.text("coingecko-simple-price.json"), at: Self.received)
        #expect(outcome == .samples([
            Self.sample("eth.usd", 3012.5, Self.ethUpdated), Self.sample("eth.eur", 2790.1, Self.ethUpdated),
            Self.sample("sol.usd", 138.42, Self.solUpdated), Self.sample("sol.eur", 118.97, Self.solUpdated),
        ]))
        #expect(decoder.rejectedFields == 0)
    }

    /// Polls repeat a coin's price until CoinGecko reprices it: only a newer time is a sample,
    /// and an older one is an old answer, counted as out of order.
    @Test func anUnchangedUpdateTimeIsNoNewSample() {
        var decoder = Self.decoder(["usd"])
        let first = #"{"ethereum":{"usd":3000,"last_updated_at":1765375320},"solana":{"usd":130,"last_updated_at":1765375318}}"#
        let second = #"{"ethereum":{"usd":3000,"last_updated_at":1765375320},"solana":{"usd":131,"last_updated_at":1765375378}}"#
        let older = #"{"ethereum":{"usd":2999,"last_updated_at":1765375300},"solana":{"usd":131,"last_updated_at":1765375378}}"#
        #expect(decoder.decode(first, at: Self.received).samples?.count == 2)
        #expect(decoder.decode(first, at: Self.received + .minutes(1)) == .samples([]))
        #expect(decoder.decode(second, at: Self.received + .minutes(2))
                == .samples([Self.sample("sol.usd", 131, Timestamp(milliseconds: 1_765_375_378_000))]))
        #expect(decoder.decode(older, at: Self.received + .minutes(3)) == .skipped(.outOfOrder))
        #expect(decoder.rejectedFields == 0)
    }

    /// The answer's time is passed on as the feed's claim (the evaluator bounds it, see
    /// `SampleTimeBounds`). One further ahead than the tolerance never becomes the coin's newest
    /// time: the true answers after it are taken (it froze the price). Without a time the
    /// receive time is used and the price is never taken for a repeat.
    @Test func sampleTimeComesFromTheAnswerAndAFalseFutureHoldsNothingBack() {
        var decoder = Self.decoder(["usd"], coins: [Self.coins[0]])
        let tenYears = Self.received + .days(3650)
        let future = #"{"ethereum":{"usd":3000,"last_updated_at":\#(tenYears.milliseconds / 1000)}}"#
        #expect(decoder.decode(future, at: Self.received) == .samples([Self.sample("eth.usd", 3000, tenYears)]))
        #expect(decoder.decode(future, at: Self.received + .minutes(1))
                == .samples([Self.sample("eth.usd", 3000, tenYears)]))
        let now = #"{"ethereum":{"usd":2900,"last_updated_at":\#(Self.received.milliseconds / 1000 + 60)}}"#
        #expect(decoder.decode(now, at: Self.received + .minutes(1))
                == .samples([Self.sample("eth.usd", 2900, Self.received + .minutes(1))]))
        // Within the tolerance a server's clock ahead is believed: its time orders the coin.
        let ahead = Self.received + .minutes(3)
        let slightlyAhead = #"{"ethereum":{"usd":2950,"last_updated_at":\#(ahead.milliseconds / 1000)}}"#
        #expect(decoder.decode(slightlyAhead, at: Self.received + .minutes(2)) == .samples([Self.sample("eth.usd", 2950, ahead)]))
        #expect(decoder.decode(slightlyAhead, at: Self.received + .minutes(3)) == .samples([]))
        var untimed = Self.decoder(["usd"], coins: [Self.coins[0]])
        let frame = #"{"ethereum":{"usd":3000}}"#
        #expect(untimed.decode(frame, at: Self.received) == .samples([Self.sample("eth.usd", 3000, Self.received)]))
        #expect(untimed.decode(frame, at: Self.received + .minutes(1))
                == .samples([Self.sample("eth.usd", 3000, Self.received + .minutes(1))]))
    }

    /// (frame, outcome, rejected fields) for eth and sol in usd, received at `Fixtures.time()`.
    @Test(arguments: [
        // A coin CoinGecko left out (an id it does not know) is one bad field; the other decodes.
        (#"{"ethereum":{"usd":3000,"last_updated_at":1765375320}}"#,
         FrameOutcome.samples([sample("eth.usd", 3000, ethUpdated)]), 1),
        (#"{}"#, .skipped(.unexpectedShape), 0),
        (#"{"ethereum":[3000],"solana":"130"}"#, .skipped(.unexpectedShape), 0),
        (#"{"ethereum":{"usd":"3000"},"solana":{"usd":null}}"#, .skipped(.unexpectedShape), 0),
        (#"{"ethereum":{"usd":0},"solana":{"usd":-1}}"#, .skipped(.invalidValue), 0),
        (#"{"ethereum":{"usd":3000,"last_updated_at":"1765375320"},"solana":{"usd":130}}"#,
         .samples([sample("sol.usd", 130, Fixtures.time())]), 1),
        (#"{"ethereum":{"usd":3000,"last_updated_at":-5},"solana":{"usd":130,"last_updated_at":1e300}}"#,
         .skipped(.invalidValue), 0),
        // Other members (`usd_market_cap`, unknown ids) are ignored.
        (#"{"ethereum":{"usd":3000,"usd_market_cap":1,"last_updated_at":1765375320},"tether":{"usd":1},"solana":{"usd":130,"last_updated_at":1765375318}}"#,
         .samples([sample("eth.usd", 3000, ethUpdated), sample("sol.usd", 130, solUpdated)]), 0),
        (#"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#, .skipped(.serverError), 0),
        (#"{"error":"coin not found"}"#, .skipped(.serverError), 0),
    ] as [(String, FrameOutcome, Int)])
    func answers(frame: String, outcome: FrameOutcome, rejected: Int) {
        var decoder = Self.decoder(["usd"])
        #expect(decoder.decode(frame, at: Fixtures.time()) == outcome)
        #expect(decoder.rejectedFields == rejected)
    }

    /// A coin priced in itself is no market: nothing published, nothing rejected.
    @Test func aCoinInItsOwnCurrencyIsSkipped() {
        var decoder = Self.decoder(["usd", "btc"], coins: [CoinID(code: "btc", id: "bitcoin")])
        let frame = #"{"bitcoin":{"usd":92272,"btc":1,"last_updated_at":1765375320}}"#
        #expect(decoder.decode(frame, at: Fixtures.time()) == .samples([Self.sample("btc.usd", 92272, Self.ethUpdated)]))
        #expect(decoder.rejectedFields == 0)
    }

    @Test func requestAsksForEveryCoinAndCurrencyWithTheirTimes() {
        #expect(CoinGeckoDecoder.requestURL(base: "https://api.coingecko.com/api/v3/", coins: Self.coins, quotes: ["usd", "eur"])
                == "https://api.coingecko.com/api/v3/simple/price?ids=ethereum,solana&vs_currencies=usd,eur&include_last_updated_at=true")
        #expect(CoinGeckoDecoder.requestURL(coins: [CoinID(code: "btc", id: "bitcoin")], quotes: ["usd"])
                == "https://api.coingecko.com/api/v3/simple/price?ids=bitcoin&vs_currencies=usd&include_last_updated_at=true")
    }

    static let deep = "{\"ethereum\":" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
    /// 20,000 values under a kept key: more than any frame may build.
    static let wide = #"{"ethereum":{"usd":["# + Array(repeating: "1", count: 20_000).joined(separator: ",") + "]}}"

    /// Hostile answers: skipped, never a trap.
    @Test(arguments: [
        (#"{"ethereum":{"usd":1e999}}"#, SkipReason.invalidJSON),
        (#"{"ethereum":{"usd":3000,"last_updated_at":9223372036854775807}}"#, .invalidValue),
        (#"{"ethereum":{"usd":3000,"last_updated_at":1e308}}"#, .invalidValue),
        (#"{"ethereum":{"usd":3000,"last_updated_at":true}}"#, .unexpectedShape),
        (deep, .invalidJSON),
        (wide, .unexpectedShape),
    ] as [(String, SkipReason)])
    func hostileAnswersAreSkipped(frame: String, reason: SkipReason) {
        var decoder = Self.decoder(["usd"], coins: [Self.coins[0]])
        #expect(decoder.decode(frame, at: Fixtures.time()) == .skipped(reason))
    }
}
