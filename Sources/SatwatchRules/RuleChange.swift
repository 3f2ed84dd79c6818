/// A rule whose persisted state changed in one engine step, with the notification (if any) that
/// the change caused. The state store commits a batch of these in one transaction.
package struct RuleChange: Sendable, Equatable {
    /// The rule's name.
    package var rule: String
    /// The rule's new state.
    package var state: RuleState
    /// The notification to queue, if the change is announced.
    package var notification: Notification?
    /// What the rule asks, worded with the values it decided on (a compound's parts each with
    /// its value), for the page and the API; nil for a feed's alert, whose wording never moves.
    package var criterion: String?

    /// Creates a change.
    package init(rule: String, state: RuleState, notification: Notification?, criterion: String? = nil) {
        self.rule = rule
        self.state = state
        self.notification = notification
        self.criterion = criterion
    }
}
