import SatwatchBase
import SatwatchRules

/// `{"type": "log"}`: writes each notification to the log (stderr) as one event. Useful as a
/// default and for trying rules out; it never fails. Its events are written whatever `log.level`
/// says: they are deliveries, not diagnostics.
package struct LogChannel: Channel, ChannelType {
    package static let typeName = "log"

    package let name: String
    let logger: Logger

    package var summary: String { "log" }
    package var secrets: [String] { [] }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        LogChannel(name: name, logger: context.logger)
    }

    /// One event per member: the log has no message to share.
    package func deliver(_ group: NotificationGroup) async -> DeliveryOutcome {
        for (notification, extras) in group.members { log(notification, extras) }
        return .delivered
    }

    private func log(_ notification: Notification, _ extras: NotificationExtras) {
        var fields = [("rule", notification.rule), ("status", notification.status.rawValue), ("metric", notification.metric)]
        // A band, a compound or an event has no single threshold: left out, as other channels do.
        if notification.value.isFinite { fields.append(("value", DisplayNumber.format(notification.value))) }
        if notification.threshold.isFinite { fields.append(("threshold", DisplayNumber.format(notification.threshold))) }
        fields += [("at", notification.at.rfc3339), ("channel", name), ("id", notification.id), ("message", notification.message)]
        if let url = extras.silenceURL { fields.append(("silence_url", url)) }
        logger.deliver(notification.status == .firing ? .warn : .info, "alert \(notification.status.rawValue)", LogFields(fields))
    }
}
