@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The cadence of a feed's outage lines, on an injected clock (seconds since the first failure).
@Suite struct OutageReportTests {
    enum Event { case fail, connect, healthy }
    enum Line: Equatable { case failure(OutageReport.Failure?), connect(OutageReport.Connect), none }

    static let t0 = Timestamp(milliseconds: 1_765_375_320_000)
    static func at(_ seconds: Int64) -> Timestamp { t0 + .seconds(seconds) }
    static func still(_ attempts: Int, since: Int64 = 0) -> Line { .failure(.stillFailing(attempts: attempts, since: at(since))) }
    static let failed = Line.failure(.failed), quiet = Line.failure(nil)

    static let cases: [(String, [(Int64, Event)], [Line])] = [
        ("first failure at once, retries within the minute are quiet",
         [(0, .fail), (1, .fail), (3, .fail), (59, .fail)],
         [failed, quiet, quiet, quiet]),
        ("still failing after 1m, then 5m, 30m and every hour after the previous report",
         [(0, .fail), (60, .fail), (120, .fail), (360, .fail), (2_159, .fail), (2_160, .fail),
          (5_759, .fail), (5_760, .fail), (9_360, .fail)],
         [failed, still(2), quiet, still(4), quiet, still(6), quiet, still(8), still(9)]),
        ("a late retry reports once, and the next gap counts from that report",
         [(0, .fail), (200, .fail), (260, .fail), (500, .fail)],
         [failed, still(2), quiet, still(4)]),
        ("connected again once, with the outage's length; a connect outside an outage is plain",
         [(0, .fail), (1, .fail), (90, .connect), (100, .healthy), (200, .connect)],
         [failed, quiet, .connect(.connectedAgain(after: .seconds(90), attempts: 2)), .none, .connect(.connected)]),
        ("after a healthy spell the next outage starts over",
         [(0, .fail), (10, .connect), (15, .healthy), (20, .fail), (50, .fail), (80, .fail)],
         [failed, .connect(.connectedAgain(after: .seconds(10), attempts: 1)), .none, failed, quiet, still(3, since: 20)]),
        ("a connection that drops at once: its drop is said, then later connects and drops are quiet",
         [(0, .fail), (10, .connect), (11, .fail), (20, .connect), (21, .fail), (40, .connect), (41, .fail), (310, .fail), (311, .fail)],
         [failed, .connect(.connectedAgain(after: .seconds(10), attempts: 1)), failed, .connect(.quiet), quiet,
          .connect(.quiet), quiet, quiet, still(6)]),
    ]

    @Test(arguments: cases)
    func cadence(_ name: String, _ events: [(Int64, Event)], _ expected: [Line]) {
        var report = OutageReport()
        let lines = events.map { seconds, event -> Line in
            switch event {
            case .fail: return .failure(report.failed(at: Self.at(seconds)))
            case .connect: return .connect(report.connected(at: Self.at(seconds)))
            case .healthy:
                report.healthy()
                return .none
            }
        }
        #expect(lines == expected, "\(name)")
    }

    /// A day offline with the WebSocket feeds' retry pace (capped at 60 s): a few dozen lines.
    @Test func aDayOfflineIsAFewLines() {
        var report = OutageReport()
        let lines = stride(from: Int64(0), through: 86_400, by: 60).compactMap { report.failed(at: Self.at($0)) }
        #expect(lines.count == 27)
    }
}
