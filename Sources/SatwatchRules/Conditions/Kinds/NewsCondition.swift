import SatwatchBase

/// `"news": {"source": "coindesk", "matches": ["ETF", "spot bitcoin"]}`: an event, once per
/// new item of the source whose title or summary contains any of the terms as whole words,
/// letter case aside (`ETF` matches "SEC approves ETF" and "etf", not "ETFs"; `spot bitcoin`
/// matches those two words in a row). Which items are new is the engine's `HeadlineLedger`'s
/// business: the condition judges the item the engine is evaluating (`MetricTable.headline`).
package struct NewsCondition: RuleCondition {
    /// The source's name under the news feed's `sources`.
    let source: String
    /// The terms as written, for messages.
    let terms: [String]
    /// Each term's words, lowercase.
    let termWords: [[Substring]]
    private var slot = -1

    /// A condition on `source`'s new items matching any of `terms`.
    package init(source: String, matches terms: [String]) {
        self.source = source
        self.terms = terms
        termWords = terms.map(Self.words)
    }

    package var metrics: [String] { [Headline.metric(source: source)] }
    package var isEvent: Bool { true }
    package var definition: String { "news:\(source):" + termWords.map { $0.joined(separator: " ") }.joined(separator: "|") }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(Headline.metric(source: self.source))
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let item = table.headline else { return .unknown }
        return .decided(matches(item), observed: 1)
    }

    /// Whether the title or the summary holds one of the terms.
    func matches(_ item: Headline) -> Bool {
        let title = Self.words(item.title), summary = Self.words(item.summary)
        return termWords.contains { Self.contains(title, $0) || Self.contains(summary, $0) }
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        table.seen[slot] ? nil : "no headlines of \(source) yet"
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let criterion = "news of \(source) matching " + terms.map { "\"\($0)\"" }.joined(separator: " or ")
        var report = ConditionReport(threshold: nil, thresholdText: terms.joined(separator: ", "), criterion: criterion, values: [],
                                     defaultMessage: "\(source): new headlines matching " + terms.joined(separator: ", "))
        if let item = table.headline {
            report.headline = item
            report.defaultMessage = "\(source): \(item.title)" + (item.link.isEmpty ? "" : " \(item.link)")
        }
        return report
    }

    package func chartLevels(_ table: borrowing MetricTable) -> [Double] { [] }

    /// The words of `text`, lowercase: its runs of letters and digits (`SEC's` → `sec`, `s`).
    static func words(_ text: String) -> [Substring] {
        Substring(text.lowercased()).split { !$0.isLetter && !$0.isNumber }
    }

    /// Whether `words` holds `term` as a run of whole words.
    static func contains(_ words: [Substring], _ term: [Substring]) -> Bool {
        guard !term.isEmpty, words.count >= term.count else { return false }
        return (0...(words.count - term.count)).contains { start in
            term.indices.allSatisfy { words[start + $0] == term[$0] }
        }
    }
}

extension NewsCondition: ConditionKind {
    package static var keys: [String] { ["news"] }
    package static var needsMetric: Bool { false }
    package static var noMetricReason: String { "it watches its source's headlines" }

    /// The most terms in one rule, and the longest term.
    static let maxTerms = 100, maxTermLength = 200

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard var news = object.object(key) else { return nil }
        defer { news.finish() }
        let source = news.string("source", required: true)
        let sourceProblem = source.flatMap { source in
            Headline.isSourceName(source) ? scope.checks.newsSourceProblem(source)
                : "invalid source \"\(source)\" (a name under the news feed's \"sources\": lowercase letters, digits and \"_\")"
        }
        if let sourceProblem { news.report("source", sourceProblem) }
        guard let terms = news.strings("matches", required: true) else { return nil }
        let nodes = news.member("matches")?.node.array ?? []
        var valid = true
        if terms.isEmpty {
            news.report("matches", "\"matches\" must list at least one word or phrase")
            valid = false
        } else if terms.count > maxTerms {
            news.report("matches", "\"matches\" lists \(terms.count) terms; at most \(maxTerms)")
            valid = false
        }
        for (term, node) in zip(terms, nodes) {
            if term.count > maxTermLength {
                news.report(at: node.location, "a term of at most \(maxTermLength) characters")
                valid = false
            } else if words(term).isEmpty {
                news.report(at: node.location, "\"\(term)\" has no word to match (letters or digits)")
                valid = false
            }
        }
        guard let source, valid, sourceProblem == nil else { return nil }
        return NewsCondition(source: source, matches: terms)
    }
}
