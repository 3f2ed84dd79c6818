import SatwatchBase

/// What a condition's parser knows about where it is read: the metric it watches and what the
/// metrics it names are checked against.
package struct ConditionScope {
    /// The rule's (or the part's) metric; nil when the rule has none (`all` / `any`).
    var metric: String?
    /// The config's view of metrics and feeds.
    var checks: any MetricChecks

    /// The scope of a rule watching `metric`, checked against `checks`.
    package init(metric: String?, checks: any MetricChecks) {
        self.metric = metric
        self.checks = checks
    }
}

/// What a rule's metrics are checked against while it is read: the catalog, the config's
/// enabled feeds and derived metrics. The config loader provides it (rules know no feeds), so a
/// condition's parser reports an unknown metric or source at its own place.
package protocol MetricChecks {
    /// What is wrong with reading `metric` (pinned: the rule names its `source`); nil when fine.
    func metricProblem(_ metric: String, pinned: Bool) -> String?
    /// What is wrong with pinning `metric` to feed `source`; nil when fine.
    func sourceProblem(_ source: String, metric: String) -> String?
    /// What is wrong with a `news` condition's `source` (no news feed, no such source); nil when fine.
    func newsSourceProblem(_ source: String) -> String?
}

extension ConfigObject {
    /// Reports `key`'s metric `metric` when `checks` find a problem with it.
    package mutating func checkMetric(_ metric: String, key: String = "metric", _ checks: any MetricChecks) {
        if let problem = checks.metricProblem(metric, pinned: has("source")) { report(key, problem) }
    }

    /// Reports `source` when `checks` find it cannot publish `metric`.
    package mutating func checkSource(_ source: String, metric: String, _ checks: any MetricChecks) {
        if let problem = checks.sourceProblem(source, metric: metric) { report("source", problem) }
    }
}
