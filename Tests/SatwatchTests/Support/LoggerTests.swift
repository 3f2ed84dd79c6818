@testable import SatwatchBase
import SatwatchTestSupport
import Testing

@Suite struct LoggerTests {
    static let at = Timestamp(milliseconds: 1_765_375_320_046)

    @Test(arguments: [
        (Logger.Format.logfmt, #"time=2025-12-10T14:02:00.046Z level=warn msg="feed disconnected" feed=mempool reason="closed by peer: 1001 \"going away\"" empty="""#),
        (Logger.Format.json, #"{"time":"2025-12-10T14:02:00.046Z","level":"warn","msg":"feed disconnected","feed":"mempool","reason":"closed by peer: 1001 \"going away\"","empty":""}"#),
    ])
    func formats(_ format: Logger.Format, _ expected: String) {
        let lines = LogLines()
        let logger = Logger(format: format, clock: { Self.at }, sink: lines.append)
        logger.warn("feed disconnected", ["feed": "mempool", "reason": "closed by peer: 1001 \"going away\"", "empty": ""])
        #expect(lines.all == [expected])
    }

    @Test func oneEventIsAlwaysOneLine() {
        let lines = LogLines()
        let logger = Logger(clock: { Self.at }, sink: lines.append)
        logger.info("two\nlines", ["field": "a\r\nb"])
        #expect(lines.all == [#"time=2025-12-10T14:02:00.046Z level=info msg="two\nlines" field="a\r\nb""#])
    }

    @Test func secretsNeverAppearAndLevelsFilter() {
        let lines = LogLines()
        let logger = Logger(level: .info, secrets: ["hunter22"], clock: { Self.at }, sink: lines.append)
        logger.redact(["https://hooks.slack.com/services/T0/B0/XYZ"])
        logger.debug("hidden")
        logger.error("delivery dead", ["url": "https://hooks.slack.com/services/T0/B0/XYZ", "error": "login hunter22 refused"])
        #expect(lines.all == [#"time=2025-12-10T14:02:00.046Z level=error msg="delivery dead" url=*** error="login *** refused""#])
        logger.configure(format: .logfmt, level: .debug)
        logger.debug("shown")
        #expect(lines.all.count == 2)
    }

    /// Under systemd with stderr on the journal, every line carries its syslog priority.
    @Test(arguments: [
        (Logger.Level.debug, "<7>"), (.info, "<6>"), (.warn, "<4>"), (.error, "<3>"),
    ])
    func journalPrefixes(_ level: Logger.Level, _ prefix: String) {
        let lines = LogLines()
        Logger(level: .debug, journal: true, clock: { Self.at }, sink: lines.append).log(level, "m")
        Logger(level: .debug, clock: { Self.at }, sink: lines.append).log(level, "m")
        #expect(lines.all == [prefix + "time=2025-12-10T14:02:00.046Z level=\(level) msg=m", "time=2025-12-10T14:02:00.046Z level=\(level) msg=m"])
    }
}
