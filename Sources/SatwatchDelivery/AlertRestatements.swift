import SatwatchRules

/// How the alerts that fire read now: a restating channel's receiver (Alertmanager) is told
/// the current value and annotations at each re-send, as Prometheus renders them again at each
/// evaluation, not those of when the alert fired.
package protocol AlertRestatements: Sendable {
    /// `heard` (a firing notification the receiver was told) with the value, threshold, values
    /// and message its alert has now; nil when there is nothing newer (a resolve, an alert that
    /// fired again since, a value that has not moved).
    func current(of heard: Notification) -> Notification?
}
