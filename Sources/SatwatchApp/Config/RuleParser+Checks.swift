import SatwatchBase
import SatwatchFeeds

extension RuleParser {
    /// What is wrong with a rule reading `metric` (the rule's own, a part's, or one inside an
    /// expression): not in the catalog, or no enabled feed publishes it; nil when fine.
    static func metricProblem(_ metric: String, pinned: Bool, context: RuleLoader.Context) -> String? {
        if context.derived.contains(metric) { return nil }
        let published = context.published
        guard let descriptor = MetricCatalog.descriptor(for: metric) else {
            var message = "unknown metric \"\(metric)\""
            let parts = metric.split(separator: ".")
            let candidates = (published ?? ["btc.usd", "btc.eur"]) + context.derived.sorted()
            if metric.lowercased() != metric, MetricCatalog.familySpelling(of: metric) == nil {
                // Metric names are lowercase: `BTC.USD` is `btc.usd`, and a typo in capitals gets
                // what the same typo in lowercase would, never that typo itself.
                let lower = metric.lowercased()
                // A real name in lowercase (published or not: its own problem shows once the case
                // is mended) is the suggestion; else the lowercase typo's.
                let real = metricProblem(lower, pinned: pinned, context: context)?.hasPrefix("unknown metric") != true
                if let suggestion = real ? lower : MetricCatalog.suggestion(for: lower, published: candidates) {
                    message += " (did you mean \"\(suggestion)\"?)"
                }
            } else if let spelling = MetricCatalog.familySpelling(of: metric) {
                // Instruments and symbols go into names lowercase, `-` written `_` (a `-` in an
                // expression is minus).
                message += " (write it lowercase with \"_\" for \"-\": \"\(spelling)\")"
            } else if parts.count == 2, parts[0] == parts[1] {
                message += " (a price names two different assets, e.g. \"btc.usd\")"
            } else if let suggestion = MetricCatalog.suggestion(for: metric, published: candidates) {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            return message
        }
        guard let feeds = context.feeds, let published, !pinned,
              !feeds.contains(where: { publishes($0, metric) }) else { return nil }
        if let key = ChainWatch.watchKey(of: metric) {
            // Listed with a bad address or txid: that entry's own problem says it.
            if feeds.contains(where: { $0.kind == .mempool && $0.settings(MempoolSettings.self).watch.refusedMetrics.contains(metric) }) {
                return nil
            }
            let name = metric.split(separator: ".")[1]
            return "no enabled feed publishes \"\(metric)\" (add \"\(name)\" to the mempool feed's \"watch\" \"\(key)\")"
        }
        if MetricCatalog.isFamilyMetric(metric) {
            // Named after a feed's settings: a near miss of a configured one may be a typo, and
            // the feed (enabled or not) may lack the entry; both are said.
            var hints = descriptor.sources.compactMap { kind in
                kind.definition.familyHint(metric).map { feeds.contains { $0.kind == kind } ? $0 : "enable \"\(kind.rawValue)\" under \"feeds\" and \($0)" }
            }
            if let suggestion = EditDistance.closest(to: metric, among: published) { hints.insert("did you mean \"\(suggestion)\"?", at: 0) }
            return "no enabled feed publishes \"\(metric)\"" + (hints.isEmpty ? "" : " (\(hints.joined(separator: " or ")))")
        }
        guard let (base, quote) = MetricCatalog.price(of: metric) else {
            let kinds = descriptor.sources.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            return "no enabled feed publishes \"\(metric)\" (enable \(kinds) under \"feeds\")"
        }
        // A price is checked against the pairs actually configured (and mempool's currencies),
        // so a typo such as `btc.eru` is caught here rather than never firing; so is a near
        // miss of a catalog name that only looks like a price (`fees.economy`). A price of known
        // codes is meant as written: it gets the pair to add, not another metric's name.
        if !MetricCatalog.knowsBoth(base: base, quote: quote, published: published),
           let suggestion = MetricCatalog.suggestion(for: metric, published: published),
           published.contains(suggestion) || MetricCatalog.price(of: suggestion) == nil {
            return "unknown metric \"\(metric)\" (did you mean \"\(suggestion)\"?)"
        }
        return "no enabled feed publishes \"\(metric)\" (\(publishHint(base: base, quote: quote, sources: descriptor.sources, feeds: feeds)))"
    }

    /// What is wrong with pinning `metric` to feed `source`: a derived metric or portfolio (no
    /// feed publishes it, so the rule would never see a sample), no such feed, one that cannot
    /// publish it, one not enabled or not configured to; nil when fine.
    static func sourceProblem(_ source: String, metric: String, context: RuleLoader.Context) -> String? {
        // Before the feed's name is read: `"source": "derived"`, the source its samples show,
        // gets the same answer.
        if context.derived.contains(metric) {
            // Portfolios are derived metrics under the `portfolio.` prefix no other metric has.
            let what = metric.hasPrefix("portfolio.") ? "a portfolio's value" : "a derived metric"
            return "\"\(metric)\" is \(what): it has no feed; remove \"source\""
        }
        guard let kind = FeedKind(rawValue: source) else {
            return "unknown source \"\(source)\"" + EditDistance.hintOrList(for: source, among: FeedKind.allCases.map(\.rawValue))
        }
        guard let descriptor = MetricCatalog.descriptor(for: metric) else { return nil }
        guard descriptor.sources.contains(kind) else { return "feed \"\(source)\" does not publish \"\(metric)\"" }
        guard let feeds = context.feeds else { return nil }
        guard let feed = feeds.first(where: { $0.kind == kind }) else { return "feed \"\(source)\" is not enabled in the config" }
        if !publishes(feed, metric), MetricCatalog.isFamilyMetric(metric) {
            return "feed \"\(source)\" is not configured to publish \"\(metric)\"" + (kind.definition.familyHint(metric).map { " (\($0))" } ?? "")
        }
        guard !publishes(feed, metric), let (base, quote) = MetricCatalog.price(of: metric) else { return nil }
        if let spelling = kind.definition.pairSpelling {
            let pair = spelling.spell(base: base, quote: quote)
            return "feed \"\(source)\" is not configured to publish \"\(metric)\" (add \"\(pair)\" to its \"\(spelling.key)\")"
        }
        let missing = kind.definition.missingEntries(base: base, quote: quote, of: feed)
        return missing.isEmpty ? nil : "feed \"\(source)\" is not configured to publish \"\(metric)\" (add \(entries(missing, feed: "its")))"
    }

    static func checkChannels(_ channels: [String], _ object: inout ConfigObject, context: RuleLoader.Context) {
        guard let known = context.channels else { return }
        let nodes = object.member("channels")?.node.array ?? []
        for (name, node) in zip(channels, nodes) where !known.contains(name) {
            object.report(at: node.location, "unknown channel \"\(name)\"" + EditDistance.hint(for: name, among: known.sorted()))
        }
        if channels.isEmpty, context.defaultChannels.isEmpty, object.has("name") {
            object.report(nil, "rule has no channels: set \"channels\" here or \"defaults.channels\" in the config")
        }
    }

    /// How to get a price published: when enabled feeds can publish it, what to add to each of
    /// them (the pair as that exchange spells it, CoinGecko's coin or currency), and only that;
    /// else enable a feed that publishes it without pairs (mempool for BTC; CoinGecko with the
    /// coin and currency it lacks), or add the pair to an exchange feed.
    static func publishHint(base: String, quote: String, sources: [FeedKind], feeds: [FeedConfig]) -> String {
        let enabled = sources.filter { kind in feeds.contains { $0.kind == kind } }
        if !enabled.isEmpty, enabled.count < sources.count {
            return publishHint(base: base, quote: quote, sources: enabled, feeds: feeds)
        }
        var additions = sources.compactMap { kind in
            kind.definition.pairSpelling.map { "\"\($0.spell(base: base, quote: quote))\" to \(kind.rawValue) \"\($0.key)\"" }
        }
        var enable: [String] = [], settings: [(kind: String, with: String)] = []
        for kind in sources where kind.definition.pairSpelling == nil {
            let enabled = feeds.first { $0.kind == kind }
            let missing = kind.definition.missingEntries(base: base, quote: quote, of: enabled ?? FeedConfig(kind: kind))
            if enabled != nil {
                if !missing.isEmpty { additions.insert(entries(missing, feed: kind.rawValue), at: 0) }
            } else {
                enable.append("\"\(kind.rawValue)\"")
                let with = missing.map { "\"\($0.value)\" in its \"\($0.key)\"" }.joined(separator: " and ")
                if !with.isEmpty { settings.append((kind.rawValue, with)) }
            }
        }
        let add = additions.isEmpty ? nil : "add " + additions.joined(separator: " or ")
        guard !enable.isEmpty else { return add ?? "" }
        // `enable "coingecko" under "feeds" with "sol" in its "coins"`; with more feeds to
        // enable, each feed's settings name it.
        let with = settings.map { enable.count == 1 ? " with \($0.with)" : ", \($0.kind) with \($0.with)" }.joined()
        return "enable \(enable.joined(separator: " or ")) under \"feeds\"" + with + (add.map { ", or " + $0 } ?? "")
    }

    /// `"sol" to coingecko "coins" and "eur" to its "vs"` (`feed`: the feed's name, or "its").
    private static func entries(_ missing: [(value: String, key: String)], feed: String) -> String {
        missing.enumerated().map { "\"\($1.value)\" to \($0 == 0 ? feed : "its") \"\($1.key)\"" }.joined(separator: " and ")
    }

    /// Whether `feed` as configured publishes `metric`.
    static func publishes(_ feed: FeedConfig, _ metric: String) -> Bool {
        guard MetricCatalog.descriptor(for: metric)?.sources.contains(feed.kind) == true else { return false }
        if ChainWatch.watchKey(of: metric) != nil { return feed.priceMetrics.contains(metric) }
        if MetricCatalog.isFamilyMetric(metric) { return feed.familyMetrics.contains(metric) }
        return MetricCatalog.price(of: metric) == nil || feed.priceMetrics.contains(metric)
    }

    /// What is wrong with a `news` condition's `source`: no news feed enabled, or no such source
    /// in its `sources` (with the closest name).
    static func newsSourceProblem(_ source: String, context: RuleLoader.Context) -> String? {
        guard let sources = context.newsSources else { return nil }
        guard context.feeds?.contains(where: { $0.kind == .news }) == true else {
            return "no \"news\" feed is enabled (add it under \"feeds\" with \"sources\": {\"\(source)\": \"https://…\"})"
        }
        guard !sources.contains(source) else { return nil }
        return "unknown news source \"\(source)\"" + EditDistance.hintOrList(for: source, among: sources)
    }
}
