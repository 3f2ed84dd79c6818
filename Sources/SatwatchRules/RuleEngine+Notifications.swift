import SatwatchBase

extension RuleEngine {
    /// The persisted change for rule `index`, with its notification when `event` is announced
    /// (which takes the rule's next event sequence number).
    mutating func change(for index: Int, event: RuleEvent?) -> RuleChange {
        let rule = rules[index]
        let state = states[index]
        var notification: Notification?
        switch event {
        case nil: break
        case .fired, .reminded:
            notification = makeNotification(index, status: .firing, reminder: event == .reminded,
                                            at: state.lastNotifiedAt ?? state.lastObservedAt ?? .epoch,
                                            startsAt: state.firedAt ?? .epoch)
        case .resolved(let firedAt):
            if rule.resolve {
                notification = makeNotification(index, status: .resolved, reminder: false,
                                                at: state.lastObservedAt ?? .epoch, startsAt: firedAt)
            }
        }
        if notification != nil { states[index].sequence += 1 }
        let criterion = noteDecision(index)
        return RuleChange(rule: rule.name, state: states[index], notification: notification, criterion: criterion)
    }

    private func makeNotification(_ index: Int, status: Notification.Status, reminder: Bool,
                                  at: Timestamp, startsAt: Timestamp) -> Notification {
        let rule = rules[index]
        let observed = states[index].lastValue
        let report = conditions[index].report(table, status: status, observed: observed)
        let values = expandingDerived(report.values)
        let message = rule.template(for: status)?.render { field in
            switch field {
            case .name: rule.name
            case .metric: rule.metric
            case .value: observed.map { DisplayNumber.human($0, metric: rule.metric) } ?? "unknown"
            case .threshold: report.thresholdText
            case .values: ObservedValue.humanText(values)
            case .status: status.rawValue
            case .since: DisplayTime.utc.format(startsAt + labelOffset)
            case .title: report.headline?.title ?? ""
            case .link: report.headline?.link ?? ""
            }
        } ?? report.defaultMessage
        var notification = Notification(rule: rule.name, status: status, isReminder: reminder, metric: rule.metric,
                                        value: observed ?? .nan, threshold: report.threshold ?? .nan, at: at,
                                        startsAt: startsAt, sequence: states[index].sequence + 1, message: message,
                                        labels: rule.labels + commonLabels.filter { common in !rule.labels.contains { $0.name == common.name } },
                                        channels: rule.channels.isEmpty ? defaultChannels : rule.channels)
        notification.values = values
        return notification
    }

    /// The values, each derived metric among them followed by what it was computed from (a
    /// portfolio's prices), so a notification names every value involved.
    private func expandingDerived(_ values: [ObservedValue]) -> [ObservedValue] {
        var result = values
        var index = 0
        while index < result.count {
            if let derived = derived.metrics.firstIndex(where: { $0.name == result[index].name }) {
                for value in self.derived.expressions[derived].values(table) where !result.contains(where: { $0.name == value.name }) {
                    result.append(value)
                }
            }
            index += 1
        }
        return result
    }
}

extension RuleEngine {
    /// Whether a firing rule's value moved since `takeRestatements` last looked.
    package var hasRestatements: Bool { !restatable.isEmpty }

    /// Each firing alert whose value moved since the last call, as it reads now: its firing
    /// notification rendered again with the current value, threshold and message (as
    /// Prometheus renders annotations again at each evaluation), for a receiver that is told
    /// the alert again (Alertmanager). Not an event: it takes no sequence number, and its id is
    /// not the one receivers know the firing by.
    package mutating func takeRestatements() -> [Notification] {
        defer { restatable.removeAll(keepingCapacity: true) }
        return restatable.sorted().compactMap { index in
            let state = states[index]
            guard state.status == .firing, let firedAt = state.firedAt else { return nil }
            return makeNotification(index, status: .firing, reminder: false, at: state.lastObservedAt ?? firedAt, startsAt: firedAt)
        }
    }
}
