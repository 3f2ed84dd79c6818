import SatwatchBase
import SatwatchRules

extension StateStore {
    /// Commits one engine step in ONE transaction: every changed rule state, and for each
    /// notification the notification itself plus one pending outbox delivery per channel, due
    /// at `now`.
    ///
    /// This is the durability promise: after a crash the file holds either the state change and
    /// its deliveries, or neither, so a restart neither re-announces nor loses an alert.
    /// Re-committing a notification adds nothing; a different event is never dropped (`enqueue`).
    package func commit(_ changes: [RuleChange], at now: Timestamp) throws {
        guard !changes.isEmpty else { return }
        try connection.transaction {
            for change in changes {
                try ruleStates.upsert(rule: change.rule, state: change.state, at: now)
                if let notification = change.notification { try outbox.enqueue(notification, at: now) }
            }
        }
    }
}
