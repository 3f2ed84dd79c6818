/// The message a rule sends when it has no `message` template.
enum DefaultMessage {
    static func text(for rule: Rule, status: Notification.Status, observed: Double, current: Double) -> String {
        let value = DisplayNumber.format(observed)
        let threshold = DisplayNumber.format(rule.condition.threshold)
        switch (rule.condition, status) {
        case (.above, .firing): return "\(rule.metric) is \(value), above \(threshold)"
        case (.above, .resolved): return "\(rule.metric) is \(value), no longer above \(threshold)"
        case (.below, .firing): return "\(rule.metric) is \(value), below \(threshold)"
        case (.below, .resolved): return "\(rule.metric) is \(value), no longer below \(threshold)"
        case (.change(_, let within), .firing):
            return "\(rule.metric) moved \(DisplayNumber.signed(observed))% within \(within.text) (threshold \(DisplayNumber.signed(rule.condition.threshold))%), now \(DisplayNumber.format(current))"
        case (.change(_, let within), .resolved):
            return "\(rule.metric) moved \(DisplayNumber.signed(observed))% within \(within.text), back inside \(DisplayNumber.signed(rule.condition.threshold))%, now \(DisplayNumber.format(current))"
        }
    }
}
