extension RuleEngine {
    /// Every rule as the page shows it, with the levels of its condition at the current values
    /// (an expression level such as `sma(btc.usd, 200d)` moves with its inputs).
    package var overview: [RuleOverview] {
        rules.indices.map { index in
            let rule = rules[index]
            let report = conditions[index].report(table, status: .firing, observed: states[index].lastValue)
            return RuleOverview(name: rule.name, metric: rule.metric, source: rule.source, criterion: report.criterion,
                                levels: conditions[index].chartLevels(table), labels: rule.labels, description: rule.description,
                                channels: rule.channels.isEmpty ? defaultChannels : rule.channels, state: states[index])
        }
    }
}
