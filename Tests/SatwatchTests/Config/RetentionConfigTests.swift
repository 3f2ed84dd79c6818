import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// `state_retention` and `max_retry_after`: defaults, values, and problems at their place.
@Suite struct RetentionConfigTests {
    @Test(arguments: [
        ("", 720, 60, nil),
        (#""state_retention": "7d", "max_retry_after": "10m","#, 168, 10, nil),
        (#""state_retention": "30m","#, 720, 60, #"2:21: "state_retention" must be at least 1h"#),
        (#""state_retention": "a month","#, 720, 60, #"2:21: invalid duration "a month" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)"#),
        (#""max_retry_after": "0s","#, 720, 60, #"2:21: "max_retry_after" must be at least 1s"#),
        (#""max_retry_after": 3600,"#, 720, 60, "2:21: expected a string, found a number"),
    ] as [(String, Int64, Int64, String?)])
    func parsesAndValidates(_ keys: String, _ retentionHours: Int64, _ capMinutes: Int64, _ problem: String?) throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [],\n \(keys) \"state\": \"state.db\"}".write(toFile: path, atomically: true, encoding: .utf8)
        let (setup, problems) = Setup.load(path: path, environment: [:], logger: Logger(level: .error, sink: { _ in }))
        #expect(problems.map { "\($0.line):\($0.column): \($0.message)" } == (problem.map { [$0] } ?? []))
        let config = try #require(setup?.config)
        #expect(config.stateRetention == .hours(retentionHours))
        #expect(config.maxRetryAfter == .minutes(capMinutes))
    }
}
