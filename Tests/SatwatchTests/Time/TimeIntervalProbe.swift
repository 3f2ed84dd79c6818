@testable import SatwatchBase
import SatwatchJSON
import Testing

/// Parses `{"time_intervals": ...}` text and keeps what came out: the named intervals and every
/// problem as `line:column: message`.
struct TimeIntervalProbe {
    let intervals: [String: [TimeInterval]]
    let problems: [String]

    init(_ text: String, zoneRoot: String = "/usr/share/zoneinfo") throws {
        let log = DiagnosticLog()
        var file = try #require(ConfigObject(try JSONParser.parse(text), path: "t.json", log: log))
        intervals = file.timeIntervals(zoneRoot: zoneRoot)?.valid ?? [:]
        file.finish()
        problems = log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }

    /// One interval given as a JSON object; fails the test when it does not parse.
    static func interval(_ json: String) throws -> TimeInterval {
        let probe = try TimeIntervalProbe(#"{"time_intervals": {"x": ["# + json + "]}}")
        #expect(probe.problems == [])
        return try #require(probe.intervals["x"]?.first)
    }
}
