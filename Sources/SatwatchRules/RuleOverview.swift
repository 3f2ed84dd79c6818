/// One rule as the page and the API show it: what it watches and asks, and the levels its
/// chart draws. Where it stands comes with it from the engine's states.
package struct RuleOverview: Sendable, Equatable {
    /// The rule's name.
    package var name: String
    /// The metric it watches (its chart's series).
    package var metric: String
    /// The feed it is pinned to; nil for any.
    package var source: String?
    /// What it asks of the metric, e.g. `above 100000`, `between 90000–100000`.
    package var criterion: String
    /// Chart lines: the threshold, or a band's edges (`RuleCondition.chartLevels`).
    package var levels: [Double]
    /// Its labels, as written.
    package var labels: [Label]
    /// Its description, as written; nil when it has none.
    package var description: String?
    /// The channels it notifies.
    package var channels: [String]
    /// Where it stands.
    package var state: RuleState

    /// Creates an overview.
    package init(name: String, metric: String, source: String?, criterion: String, levels: [Double], labels: [Label],
                description: String?, channels: [String], state: RuleState) {
        self.name = name
        self.metric = metric
        self.source = source
        self.criterion = criterion
        self.levels = levels
        self.labels = labels
        self.description = description
        self.channels = channels
        self.state = state
    }
}
