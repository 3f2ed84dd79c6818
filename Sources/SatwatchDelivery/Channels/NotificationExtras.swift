import SatwatchRules
import SatwatchState

/// What a delivery adds to a notification beside what was committed: its signed "silence 1h"
/// link (with `http.external_url`) and its chart (on a channel with `"chart": true`). Made at
/// delivery time, never stored: a link expires, a chart shows the latest 24 hours.
package struct NotificationExtras: Sendable, Equatable {
    /// Following it (and confirming) silences the notification's rule for an hour.
    package var silenceURL: String?
    /// A PNG of the metric's last 24 hours with the rule's levels.
    package var chart: [UInt8]?

    /// Extras with neither.
    package init(silenceURL: String? = nil, chart: [UInt8]? = nil) {
        self.silenceURL = silenceURL
        self.chart = chart
    }
}

/// Makes the extras of the notifications a channel is about to send.
package protocol NotificationExtrasSource: Sendable {
    /// Reads what it needs from the state file (a signing key), once, before the first
    /// delivery; called on the dispatcher's store queue, never the cooperative pool.
    func prepare(_ store: StateStore) throws
    /// The extras of `notification`, with a chart when `chart` is true.
    func extras(for notification: Notification, chart: Bool) -> NotificationExtras
    /// `http.external_url` (no trailing `/`), where the page is: a message that cannot list
    /// every alert sends its reader there, and the webhook payload's `externalURL` is it; nil
    /// without one.
    var externalURL: String? { get }
}
