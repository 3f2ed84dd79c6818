@testable import SatwatchBase
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// Windows under a day read from running aggregates (`RunningWindows`) give what one pass over
/// the window's points gives (`scannedValue`, the code they replace): on a small table, on
/// random histories with bursts, gaps and eviction, over non-finite values, after a feed went
/// quiet, and after a month of samples (no drift).
@Suite struct RunningWindowsTests {
    static let all: [WindowFunction] = [.sma, .ema, .max, .min]

    /// A history serving `functions` over each of `spans`.
    static func history(retention: TimeSpan, spans: [TimeSpan], functions: [WindowFunction] = all) -> MetricHistory {
        var windows = ShortWindows()
        for span in spans {
            for function in functions { windows.insert(function, span: span) }
        }
        return MetricHistory(retention: retention, windows: windows)
    }

    /// The running value and the scanned one agree: `max`/`min` exactly, `sma`/`ema` to 1e-12 of
    /// the largest magnitude in the window (both are sums of rounded products). Returns the value.
    @discardableResult
    static func expectAgreement(_ history: MetricHistory, _ function: WindowFunction, _ span: TimeSpan, at: Timestamp,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Double? {
        let running = history.value(function, span: span, at: at)
        let scanned = history.scannedValue(function, span: span, at: at)
        switch (running, scanned) {
        case (nil, nil): break
        case let (running?, scanned?) where running.isNaN || scanned.isNaN:
            #expect(running.isNaN && scanned.isNaN, "\(function) \(span.text) at \(at.milliseconds): \(running) vs \(scanned)",
                    sourceLocation: sourceLocation)
        case let (running?, scanned?) where function == .max || function == .min:
            #expect(running == scanned && running.sign == scanned.sign,
                    "\(function) \(span.text) at \(at.milliseconds): \(running) vs \(scanned)", sourceLocation: sourceLocation)
        case let (running?, scanned?):
            let highest = history.scannedValue(.max, span: span, at: at) ?? 1
            let scale = Swift.max(abs(highest), abs(history.scannedValue(.min, span: span, at: at) ?? 1))
            #expect(running == scanned || abs(running - scanned) <= 1e-12 * scale,
                    "\(function) \(span.text) at \(at.milliseconds): \(running) vs \(scanned)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(function) \(span.text) at \(at.milliseconds): \(String(describing: running)) vs \(String(describing: scanned))",
                         sourceLocation: sourceLocation)
        }
        return running
    }

    /// 10 at 0 s, 20 at 10 s, 40 at 40 s, 30 at 50 s (`MetricHistoryWindowTests`' history),
    /// served for spans of 30 s, 60 s and 61 s.
    static var small: MetricHistory {
        var history = Self.history(retention: .hours(1), spans: [.seconds(30), .seconds(60), .seconds(61)])
        for (value, seconds) in [(10.0, 0), (20, 10), (40, 40), (30, 50)] as [(Double, Int64)] {
            history.record(value, at: Timestamp(milliseconds: seconds * 1000))
        }
        return history
    }

    @Test(arguments: [
        // (span, at, sma): the window's start on a point, between points, before history.
        (60, 60, 1_400.0 / 60), (30, 60, 30), (30, 40, 20), (30, 45, 700.0 / 30), (60, 70, 1_600.0 / 60),
        (30, 50, 800.0 / 30), (30, 51, 810.0 / 30), (61, 60, nil), (61, 61, 1_430.0 / 61),
    ] as [(Int64, Int64, Double?)])
    func smallTable(_ span: Int64, _ at: Int64, _ sma: Double?) {
        let history = Self.small
        let time = Timestamp(milliseconds: at * 1000)
        for function in Self.all { Self.expectAgreement(history, function, .seconds(span), at: time) }
        let value = history.value(.sma, span: .seconds(span), at: time)
        if let sma, let value { #expect(abs(value - sma) < 1e-12 * sma) } else { #expect(value == sma) }
    }

    /// A window the history does not serve (an `ema` span no rule reads) is scanned, and agrees.
    @Test func anUnservedSpanIsScanned() {
        let history = Self.small
        #expect(!history.windows.contains(.ema, span: .seconds(45)))
        Self.expectAgreement(history, .ema, .seconds(45), at: Timestamp(milliseconds: 55_000))
        #expect(history.value(.ema, span: .seconds(45), at: Timestamp(milliseconds: 55_000)) != nil)
    }

    /// Random histories: bursts within one second (the newest point replaced), gaps, samples out
    /// of order; a short retention so points are evicted and compacted many times over.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomHistories(_ seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let spans: [TimeSpan] = [.seconds(5), .seconds(90), .minutes(10)]
        var history = Self.history(retention: .minutes(10), spans: spans)
        var now: Int64 = 1_700_000_000_000
        var value = 100.0
        for step in 0..<6_000 {
            switch random.below(10) {
            case 0: now += 1 + random.below(900)  // a burst: same second, mostly
            case 1: now += 60_000 + random.below(600_000)  // a gap (a quiet feed)
            case 2: now -= random.below(2_000)  // out of order: ignored
            default: now += 200 + random.below(3_000)
            }
            value += Double(random.below(2_001)) / 100 - 10
            if random.below(50) == 0 { value = Double(random.below(3)) - 1 }  // equal values, ties, zeros
            history.record(value, at: Timestamp(milliseconds: now))
            let at = now + (random.below(4) == 0 ? random.below(120_000) : 0) - (random.below(8) == 0 ? random.below(5_000) : 0)
            for span in spans {
                for function in Self.all { Self.expectAgreement(history, function, span, at: Timestamp(milliseconds: at)) }
            }
            if step == 5_999 { #expect(history.dropped > 1_000, "points were evicted and compacted") }
        }
    }

    /// A NaN or infinity in the history (no feed sends one; defence): windows over it read what the
    /// scan reads, and once it left the window the running sums are not poisoned.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValues(_ bad: Double) {
        var history = Self.history(retention: .minutes(5), spans: [.seconds(30)])
        let start: Int64 = 1_000_000
        let values: [Double] = (0..<200).map { (second: Int) -> Double in
            second == 50 || second == 51 ? bad : 100 + Double(second % 7)
        }
        for (second, value) in values.enumerated() {
            let at = Timestamp(milliseconds: start + Int64(second) * 1_000)
            history.record(value, at: at)
            for function in Self.all {
                let read = Self.expectAgreement(history, function, .seconds(30), at: at)
                if second > 90, let read { #expect(read.isFinite, "\(function) after the bad values left the window") }
            }
        }
        // A bad value replaced within its second, and a good one replaced by a bad one.
        history.record(bad, at: Timestamp(milliseconds: start + 200_000))
        history.record(104, at: Timestamp(milliseconds: start + 200_500))
        history.record(105, at: Timestamp(milliseconds: start + 201_000))
        history.record(bad, at: Timestamp(milliseconds: start + 201_400))
        for function in Self.all {
            Self.expectAgreement(history, function, .seconds(30), at: Timestamp(milliseconds: start + 201_400))
            Self.expectAgreement(history, function, .seconds(30), at: Timestamp(milliseconds: start + 200_700))
        }
    }

    /// A feed gone quiet (stale): no sample for longer than the window; its last value holds, and
    /// the running read follows the scan minute by minute, then with samples again.
    @Test func aQuietFeed() {
        var history = Self.history(retention: .hours(1), spans: [.minutes(15)])
        for second in 0..<1_200 { history.record(50 + Double(second % 11), at: Timestamp(milliseconds: Int64(second) * 1_000)) }
        for minute in 20...50 {
            for function in Self.all { Self.expectAgreement(history, function, .minutes(15), at: Timestamp(milliseconds: Int64(minute) * 60_000)) }
        }
        #expect(history.value(.sma, span: .minutes(15), at: Timestamp(milliseconds: 50 * 60_000)) == Double(50 + 1_199 % 11))
        history.record(70, at: Timestamp(milliseconds: 51 * 60_000))
        for function in Self.all { Self.expectAgreement(history, function, .minutes(15), at: Timestamp(milliseconds: 52 * 60_000)) }
    }

    /// A month of samples about every 10 s around 100,000, in a history kept for a day (a
    /// `change … within 1d` beside the windows): the running values stay within 1e-12 of the scan
    /// hour after hour. Uncompensated sums that are never started again drift past that.
    @Test func aMonthWithoutDrift() {
        let spans: [TimeSpan] = [.minutes(10), .hours(4)]
        var history = Self.history(retention: .days(1), spans: spans)
        var random = SplitMix64(seed: 20)
        var value = 100_000.0
        let step: Int64 = 10_000
        for index in 0..<(30 * 8_640) as Range<Int64> {
            value += (Double(random.below(20_001)) - 10_000) / 997  // no short binary fraction: sums round
            let at = Timestamp(milliseconds: 1_700_000_000_000 + index * step + random.below(1_000))
            history.record(value, at: at)
            if index % 360 == 359 {
                for span in spans {
                    for function in Self.all { Self.expectAgreement(history, function, span, at: at) }
                }
            }
        }
    }

    /// The engine's histories serve the windows its rules read, also after a restart (history
    /// read back from the state file) and after a reload (handed over by the previous engine).
    @Test func theEngineServesItsRulesWindows() throws {
        let rules = try ConditionScenario.parse([
            #"{"name": "a", "metric": "btc.usd", "above": "sma(btc.usd, 4h) * 2 + max(btc.usd, 15m) - min(btc.usd, 1h)"}"#,
            #"{"name": "b", "metric": "btc.usd", "below": "ema(btc.usd, 30m)"}"#,
            #"{"name": "c", "metric": "btc.usd", "change": {"percent": 5, "within": "1d"}}"#,
        ])
        var expected = ShortWindows()
        expected.insert(.sma, span: .hours(4))
        expected.insert(.max, span: .minutes(15))
        expected.insert(.min, span: .hours(1))
        expected.insert(.ema, span: .minutes(30))
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        let slot = try #require(engine.slots.slot(forKey: "btc.usd"))
        #expect(engine.table.histories[slot]?.windows == expected)
        #expect(engine.table.histories[slot]?.retention == .days(1))

        let points = (0..<20_000).map { HistoryPoint(at: Timestamp(milliseconds: Int64($0) * 1_000), value: 90_000 + Double($0 % 97)) }
        engine.adopt(HistorySnapshot(points: ["btc.usd": points]))
        let restored = try #require(engine.table.histories[slot])
        #expect(restored.windows == expected)
        let at = Timestamp(milliseconds: 19_999_000)
        for (function, span) in [(WindowFunction.sma, TimeSpan.hours(4)), (.max, .minutes(15)), (.min, .hours(1)), (.ema, .minutes(30))] {
            Self.expectAgreement(restored, function, span, at: at)
        }

        var reloaded = RuleEngine(rules: Array(rules.prefix(1)), defaultChannels: ["log"])
        reloaded.adopt(engine.historySnapshot)
        expected = ShortWindows()
        expected.insert(.sma, span: .hours(4))
        expected.insert(.max, span: .minutes(15))
        expected.insert(.min, span: .hours(1))
        #expect(reloaded.table.histories[slot]?.windows == expected)
        #expect(reloaded.table.histories[slot]?.retention == .hours(4))
    }
}
