import Testing
@testable import SatwatchKit

/// The cadence of a feed's outage lines, on an injected clock (seconds since the first failure).
@Suite struct OutageReportTests {
    enum Event { case fail, connect }

    static let t0 = Timestamp(milliseconds: 1_765_375_320_000)
    static func at(_ seconds: Int64) -> Timestamp { t0 + .seconds(seconds) }

    static let cases: [(String, [(Int64, Event)], [OutageReport.Line?])] = [
        ("first failure at once, retries within the minute are quiet",
         [(0, .fail), (1, .fail), (3, .fail), (59, .fail)],
         [.failed, nil, nil, nil]),
        ("still failing after 1m, then 5m, 30m and every hour after the previous report",
         [(0, .fail), (60, .fail), (120, .fail), (360, .fail), (2_159, .fail), (2_160, .fail),
          (5_759, .fail), (5_760, .fail), (9_360, .fail)],
         [.failed, .stillFailing(attempts: 2, since: at(0)), nil, .stillFailing(attempts: 4, since: at(0)), nil,
          .stillFailing(attempts: 6, since: at(0)), nil, .stillFailing(attempts: 8, since: at(0)),
          .stillFailing(attempts: 9, since: at(0))]),
        ("a late retry reports once, and the next gap counts from that report",
         [(0, .fail), (200, .fail), (260, .fail), (500, .fail)],
         [.failed, .stillFailing(attempts: 2, since: at(0)), nil, .stillFailing(attempts: 4, since: at(0))]),
        ("connected again once, with the outage's length; a clean connect says nothing",
         [(0, .fail), (1, .fail), (90, .connect), (100, .connect)],
         [.failed, nil, .recovered(after: .seconds(90), attempts: 2), nil]),
        ("after recovery the next outage starts over",
         [(0, .fail), (10, .connect), (20, .fail), (50, .fail), (80, .fail)],
         [.failed, .recovered(after: .seconds(10), attempts: 1), .failed, nil, .stillFailing(attempts: 3, since: at(20))]),
    ]

    @Test(arguments: cases)
    func cadence(_ name: String, _ events: [(Int64, Event)], _ expected: [OutageReport.Line?]) {
        var report = OutageReport()
        let lines = events.map { seconds, event in
            event == .fail ? report.failed(at: Self.at(seconds)) : report.succeeded(at: Self.at(seconds))
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
