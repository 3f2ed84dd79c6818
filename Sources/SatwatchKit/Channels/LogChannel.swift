/// `{"type": "log"}`: writes each notification to the log (stderr) as one event. Useful as a
/// default and for trying rules out; it never fails. Its events are written whatever `log.level`
/// says: they are deliveries, not diagnostics.
public struct LogChannel: Channel, ChannelType {
    public static let typeName = "log"

    public let name: String
    let logger: Logger

    public var summary: String { "log" }
    public var secrets: [String] { [] }

    public static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        LogChannel(name: name, logger: context.logger)
    }

    public func deliver(_ notification: Notification) async -> DeliveryOutcome {
        logger.deliver(notification.status == .firing ? .warn : .info, "alert \(notification.status.rawValue)", [
            "rule": notification.rule, "status": notification.status.rawValue,
            "metric": notification.metric, "value": DisplayNumber.format(notification.value),
            "threshold": DisplayNumber.format(notification.threshold), "at": notification.at.rfc3339,
            "channel": name, "id": notification.id, "message": notification.message,
        ])
        return .delivered
    }
}
