@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// The `news` condition's matching, and the engine judging each new item of a source once.
@Suite struct NewsConditionTests {
    /// (terms, title, summary, matches).
    @Test(arguments: [
        (["ETF"], "SEC approves ETF", "", true),
        (["ETF"], "etf flows", "", true),
        (["ETF"], "Why ETFs matter", "", false),
        (["ETF"], "ETF-backed", "", true),  // `-` separates words
        (["ETF"], "Markets calm", "an ETF filing", true),  // the summary counts
        (["spot bitcoin"], "Spot Bitcoin soars", "", true),
        (["spot bitcoin"], "Bitcoin spot soars", "", false),
        (["spot bitcoin"], "spot  bitcoin", "", true),
        (["SEC", "CFTC"], "The cftc's new chair", "", true),
        (["SEC"], "Seconds count", "", false),
        (["Über"], "über alles", "", true),
        (["ETF"], "", "", false),
    ])
    func matching(terms: [String], title: String, summary: String, matches: Bool) {
        let condition = NewsCondition(source: "wire", matches: terms)
        #expect(condition.matches(Headline(id: "1", title: title, link: "", summary: summary)) == matches)
    }

    static func poll(_ items: [(String, String)], at seconds: Int64) -> Sample {
        let headlines = items.map { Headline(id: $0.0, title: $0.1, link: "https://x/\($0.0)") }
        return Sample(metric: "news.wire", value: Double(headlines.count), at: Timestamp(milliseconds: seconds * 1000), source: "news",
                      headlines: headlines)
    }

    static let rule = Rule(name: "etf", condition: NewsCondition(source: "wire", matches: ["ETF"]),
                           message: try! MessageTemplate(parsing: "{{title}} {{link}}"))

    @Test func eachNewMatchingItemFiresOnceAndTheFirstPollOnlyRecords() {
        var engine = RuleEngine(rules: [Self.rule])
        #expect(engine.ingest(Self.poll([("a", "ETF one")], at: 0)).isEmpty)  // first poll: recorded
        let changes = engine.ingest(Self.poll([("b", "ETF two"), ("c", "other"), ("d", "ETF three"), ("a", "ETF one")], at: 60))
        #expect(changes.compactMap(\.notification).map(\.message) == ["ETF two https://x/b", "ETF three https://x/d"])
        #expect(changes.compactMap(\.notification).allSatisfy { $0.status == .firing })
        #expect(engine.ingest(Self.poll([("b", "ETF two"), ("d", "ETF three")], at: 120)).isEmpty)
        // Nothing resolves: no later poll brings a resolved notice.
        #expect(engine.advance(to: Timestamp(milliseconds: 3_600_000)).compactMap(\.notification).isEmpty)
        let record = engine.takeHeadlineRecord()
        #expect(record.firstPolls == ["wire": 1] && record.seen["wire"]?.keys.sorted() == ["a", "b", "c", "d"])
    }

    @Test func restoredItemsAreNotNewAndWhatCameMeanwhileIs() {
        var engine = RuleEngine(rules: [Self.rule])
        engine.restoreHeadlines(["wire": ["a": Timestamp(milliseconds: 0)]])
        let changes = engine.ingest(Self.poll([("a", "ETF one"), ("b", "ETF two")], at: 60))
        #expect(changes.compactMap(\.notification).map(\.message) == ["ETF two https://x/b"])
        #expect(engine.takeHeadlineRecord().firstPolls.isEmpty)
    }

    @Test func theLedgerIsBounded() {
        var ledger = HeadlineLedger()
        for poll in 0..<3 {
            let items = (0..<1_000).map { Headline(id: "\(poll)-\($0)", title: "", link: "") }
            _ = ledger.record(items, source: "wire", at: Timestamp(milliseconds: Int64(poll) * 1000))
        }
        let record = ledger.takeRecord()
        #expect(record.seen["wire"]?.count == HeadlineLedger.capacity)
        #expect(record.oldestKept["wire"] == Timestamp(milliseconds: 1000))
        // The oldest poll's ids were forgotten: seen again, they are new.
        #expect(ledger.record([Headline(id: "0-1", title: "", link: "")], source: "wire", at: Timestamp(milliseconds: 4000)).count == 1)
        #expect(ledger.record([Headline(id: "2-1", title: "", link: "")], source: "wire", at: Timestamp(milliseconds: 4000)).isEmpty)
    }
}
