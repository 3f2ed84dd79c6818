import SatwatchBase
import SatwatchFeeds
import SatwatchRules

extension ConfigLoader {
    /// `derived`: metric name → expression. Names are new lowercase metric names; expressions
    /// read catalog metrics and other derived metrics, without cycles.
    static func loadDerived(_ object: ConfigObject, feeds: [FeedConfig]?) -> [DerivedMetric] {
        var object = object
        let names = Set(object.members.map(\.key))
        let context = RuleLoader.Context(feeds: feeds, derived: names)
        var derived: [DerivedMetric] = []
        for member in object.members {
            _ = object.member(member.key)
            guard object.checkKeyLength(member) else { continue }
            if let problem = nameProblem(member.key, published: context.published ?? []) {
                object.report(at: member.keyLocation, problem)
                continue
            }
            guard let expression = object.expression(member.node, checks: context) else { continue }
            if expression.constant != nil {
                object.report(at: member.node.location, "derived metric \"\(member.key)\" must read at least one metric")
                continue
            }
            derived.append(DerivedMetric(name: member.key, expression: expression))
        }
        while let cycle = firstCycle(derived) {
            let member = object.members.first { $0.key == cycle[0] }!
            object.report(at: member.node.location, "derived metrics read each other in a cycle: \(cycle.joined(separator: " → "))")
            derived.removeAll { cycle.contains($0.name) }
        }
        object.finish()
        return derived
    }

    /// What is wrong with `name` as a derived metric's name; nil when fine. `published`: the
    /// prices and family metrics the enabled feeds publish.
    private static func nameProblem(_ name: String, published: [String]) -> String? {
        if shadowsFeedMetric(name, published: published) {
            // The hint must itself be a name of one's own, even for a configured pair `my.avg`.
            let own = name.hasPrefix("my.") ? "\(name).mine" : "my.\(name)"
            return "\"\(name)\" is a metric of the catalog; a derived metric needs a name of its own (e.g. \"\(own)\")"
        }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = segments.allSatisfy { segment in
            guard let first = segment.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
            return segment.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
        return valid ? nil : "invalid derived metric name \"\(name)\" (lowercase letters, digits and _ in dot-separated parts, e.g. \"fee.usd\")"
    }

    /// Whether `name` is, or may well become, a metric a feed publishes: a fixed, watch or
    /// family metric, a configured price, or a price of two codes known to trade (`eth.eur`,
    /// which a feed publishes once its pair is added). Any other two codes (`my.avg`) merely
    /// look like a price: no feed publishes them, so the name is free.
    private static func shadowsFeedMetric(_ name: String, published: [String]) -> Bool {
        guard MetricCatalog.descriptor(for: name) != nil else { return false }
        guard let (base, quote) = MetricCatalog.price(of: name) else { return true }
        return published.contains(name) || MetricCatalog.knowsBoth(base: base, quote: quote, published: published)
    }

    /// A cycle among derived metrics reading each other, as names from and back to the first.
    private static func firstCycle(_ derived: [DerivedMetric]) -> [String]? {
        let reads = Dictionary(derived.map { metric in
            (metric.name, metric.expression.metrics.map(\.name) + metric.expression.windows.map(\.metric))
        }, uniquingKeysWith: { first, _ in first })
        func walk(_ name: String, _ path: [String]) -> [String]? {
            if let start = path.firstIndex(of: name) { return Array(path[start...]) + [name] }
            for next in reads[name] ?? [] where reads[next] != nil {
                if let cycle = walk(next, path + [name]) { return cycle }
            }
            return nil
        }
        for metric in derived { if let cycle = walk(metric.name, []) { return cycle } }
        return nil
    }
}
