@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// A `log` channel delivers: its notifications are written whatever `log.level` says.
@Suite struct LogChannelTests {
    static let at = Timestamp(milliseconds: 1_765_375_320_046)

    @Test(arguments: [Logger.Level.warn, .error])
    func printsFiringAndResolvedAtAnyLevel(_ level: Logger.Level) async {
        let lines = LogLines()
        let logger = Logger(level: level, clock: { Self.at }, sink: lines.append)
        let channel = LogChannel(name: "console", logger: logger)
        for status in [Notification.Status.firing, .resolved] {
            let notification = Notification(rule: "hot", status: status, metric: "btc.usd", value: 101, threshold: 100,
                                            at: Self.at, startsAt: Self.at, message: "BTC above 100", labels: [], channels: ["console"])
            #expect(await channel.deliver(notification) == .delivered)
        }
        logger.info("not a delivery")
        #expect(lines.all.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
            #"time=2025-12-10T14:02:00.046Z level=warn msg="alert"#,
            #"time=2025-12-10T14:02:00.046Z level=info msg="alert"#,
        ])
        #expect(lines.all.map { $0.contains("status=firing") } == [true, false])
        #expect(lines.all.map { $0.contains("status=resolved") } == [false, true])
    }
}
