import SatwatchJSON

extension RuleEngine {
    /// The persisted change for rule `index`, with its notification when `event` is announced.
    func change(for index: Int, event: RuleEvent?, current: Double) -> RuleChange {
        let rule = rules[index]
        let state = states[index]
        var notification: Notification?
        switch event {
        case nil: break
        case .fired, .reminded:
            notification = makeNotification(rule, state: state, status: .firing, reminder: event == .reminded,
                                            at: state.lastNotifiedAt ?? state.lastObservedAt ?? .epoch,
                                            startsAt: state.firedAt ?? .epoch, current: current)
        case .resolved(let firedAt):
            if rule.resolve {
                notification = makeNotification(rule, state: state, status: .resolved, reminder: false,
                                                at: state.lastObservedAt ?? .epoch, startsAt: firedAt, current: current)
            }
        }
        return RuleChange(rule: rule.name, state: state, notification: notification)
    }

    private func makeNotification(_ rule: Rule, state: RuleState, status: Notification.Status, reminder: Bool,
                                  at: Timestamp, startsAt: Timestamp, current: Double) -> Notification {
        let observed = state.lastValue ?? current
        let message: String
        if let template = rule.message {
            message = template.render { field in
                switch field {
                case .name: rule.name
                case .metric: rule.metric
                case .value: DisplayNumber.format(observed)
                case .threshold: DisplayNumber.format(rule.condition.threshold)
                case .status: status.rawValue
                case .since: startsAt.rfc3339
                }
            }
        } else {
            message = DefaultMessage.text(for: rule, status: status, observed: observed, current: current)
        }
        return Notification(rule: rule.name, status: status, isReminder: reminder, metric: rule.metric,
                            value: observed, threshold: rule.condition.threshold, at: at, startsAt: startsAt,
                            message: message, labels: rule.labels,
                            channels: rule.channels.isEmpty ? defaultChannels : rule.channels)
    }
}
