import SatwatchBase
import SatwatchDelivery
import SatwatchRules

/// `satwatch notify CHANNEL [--config F] [--message TEXT]`: sends one test notification through
/// a configured channel, once, and says whether it arrived. Exit 0 sent, 1 failed, 2 usage.
enum NotifyCommand: SatwatchCommand {
    static let name = "notify"
    static let help = """
        Usage: satwatch notify CHANNEL [--config F] [--message TEXT]

        Sends one test notification (rule "satwatch-test", status firing) through the channel
        named CHANNEL in the config, exactly once, without retrying. Prints "sent to CHANNEL",
        or the receiver's error and whether the worker would retry it. An alertmanager channel
        gets the test alert already resolved: Alertmanager checks and stores it, and its routes
        notify no one of an alert that never fired.
        Exit status 0 when sent, 1 when it failed or the config is invalid.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "message"])
        guard let channelName = parsed.positionals.first else { throw UsageError("name the channel to send to") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument \"\(parsed.positionals[1])\"") }
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        // Info level, so a `log` channel's event shows; channels keep this logger.
        let logger = Logger(level: .info, sink: io.err)
        guard let setup = Setup.loadValid(path: path, io: io, logger: logger, secrets: .channel(channelName)) else { return 1 }
        // Loaded with this channel's secrets needed, a channel named in the config is here.
        guard let channel = setup.config.channels[channelName] else {
            throw UsageError.unknown("channel", channelName, among: setup.config.channelNames, listedAs: "configured")
        }
        let notification = testNotification(to: channelName, message: parsed[option: "message"], at: WallClock.now(),
                                            resolved: channel is any RestatingChannel)
        switch await channel.deliver(notification) {
        case .delivered:
            io.out("sent to \(channelName)" + (notification.status == .resolved ? " (as a resolved alert: it pages no one)" : ""))
            return 0
        case .failed(let failure):
            // The channel hid its own secrets; this also hides the other `${NAME}` values.
            let line = "failed to send to \(channelName): \(failure.reason) (\(describe(failure)))"
            io.err(setup.config.redactor.redact(line))
            return 1
        }
    }

    /// The notification `notify` sends: a firing `satwatch-test` alert, or, for a receiver that
    /// keeps alerts and routes them on (`resolved`: Alertmanager), one that resolved as it
    /// started. A firing one would stay active there until its `resolve_timeout` (5 minutes by
    /// default) and reach whoever the routes deliver to, for a test.
    static func testNotification(to channel: String, message: String?, at time: Timestamp, resolved: Bool = false) -> Notification {
        Notification(rule: "satwatch-test", status: resolved ? .resolved : .firing, metric: "satwatch.test", value: 0, threshold: 0,
                     at: time, startsAt: time,
                     message: message ?? "Test notification from satwatch through channel \(channel)",
                     channels: [channel])
    }

    /// What the worker would do with such a failure.
    private static func describe(_ failure: DeliveryFailure) -> String {
        guard failure.retryable else { return "permanent: the worker would not retry" }
        guard let delay = failure.retryAfter else { return "temporary: the worker would retry" }
        return "temporary: the worker would retry after \(delay.text)"
    }
}
