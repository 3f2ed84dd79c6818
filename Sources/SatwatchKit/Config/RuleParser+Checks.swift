extension RuleParser {
    static func checkMetric(_ metric: String, _ object: inout ConfigObject, context: RuleLoader.Context) {
        guard MetricCatalog.descriptor(for: metric) != nil else {
            var message = "unknown metric \"\(metric)\""
            if let suggestion = MetricCatalog.suggestion(for: metric) { message += " (did you mean \"\(suggestion)\"?)" }
            object.report("metric", message)
            return
        }
        guard let feeds = context.feeds, !object.has("source") else { return }
        if !feeds.contains(where: { publishes($0, metric) }) {
            let kinds = MetricCatalog.descriptor(for: metric)!.sources.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            object.report("metric", "no enabled feed publishes \"\(metric)\" (enable \(kinds) under \"feeds\")")
        }
    }

    static func checkSource(_ source: String, metric: String, _ object: inout ConfigObject, context: RuleLoader.Context) {
        guard let kind = FeedKind(rawValue: source) else {
            let known = FeedKind.allCases.map(\.rawValue).joined(separator: ", ")
            object.report("source", "unknown source \"\(source)\" (known: \(known))")
            return
        }
        guard let descriptor = MetricCatalog.descriptor(for: metric) else { return }
        guard descriptor.sources.contains(kind) else {
            object.report("source", "feed \"\(source)\" does not publish \"\(metric)\"")
            return
        }
        guard let feeds = context.feeds else { return }
        guard let feed = feeds.first(where: { $0.kind == kind }) else {
            object.report("source", "feed \"\(source)\" is not enabled in the config")
            return
        }
        if !publishes(feed, metric) {
            object.report("source", "feed \"\(source)\" is not configured to publish \"\(metric)\" (add the pair to its products/symbols)")
        }
    }

    static func checkChannels(_ channels: [String], _ object: inout ConfigObject, context: RuleLoader.Context) {
        guard let known = context.channels else { return }
        let nodes = object.member("channels")?.node.array ?? []
        for (name, node) in zip(channels, nodes) where !known.contains(name) {
            object.report(at: node.location, "unknown channel \"\(name)\"")
        }
        if channels.isEmpty, context.defaultChannels.isEmpty, object.has("name") {
            object.report(nil, "rule has no channels: set \"channels\" here or \"defaults.channels\" in the config")
        }
    }

    /// Whether `feed` as configured publishes `metric`.
    static func publishes(_ feed: FeedConfig, _ metric: String) -> Bool {
        guard MetricCatalog.descriptor(for: metric)?.sources.contains(feed.kind) == true else { return false }
        if MetricCatalog.fiatCurrency(of: metric) != nil, feed.kind != .mempool {
            return feed.priceMetrics.contains(metric)
        }
        return true
    }
}
