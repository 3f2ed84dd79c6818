import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing

/// mempool's `api` setting: the REST base hash rate and difficulty are polled from.
@Suite struct MempoolAPISettingTests {
    /// (setting, `api` read, problem reported).
    @Test(arguments: [
        ("", nil, nil),
        (#", "api": "https://mempool.space""#, "https://mempool.space", nil),
        (#", "api": "http://10.0.0.2:3006/""#, "http://10.0.0.2:3006", nil),
        (#", "api": "HTTPS://node.example/mempool""#, "HTTPS://node.example/mempool", nil),
        (#", "api": "wss://mempool.space/api/v1/ws""#, nil, #"1:31: expected an http:// or https:// URL, found "wss://mempool.space/api/v1/ws""#),
        (#", "api": "https://""#, nil, #"1:31: "api" has no host"#),
        (#", "api": "https://host/a b""#, nil, #"1:31: "api" contains spaces, control or non-ASCII characters"#),
        (#", "api": "https://host/?key=1""#, nil, #"1:31: "api" must be a base URL without query, fragment or user info"#),
        (#", "api": "https://me:pw@host""#, nil, #"1:31: "api" must be a base URL without query, fragment or user info"#),
        (#", "api": 3"#, nil, "1:31: expected a string, found a number"),
    ] as [(String, String?, String?)])
    func apiIsReadAndChecked(_ setting: String, _ api: String?, _ problem: String?) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [], \"feeds\": {\"mempool\":\n{\"url\": \"ws://host:1\"\(setting)}\n}, \"channels\": {\"console\": {\"type\": \"log\"}}, \"defaults\": {\"channels\": [\"console\"]}}".write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        #expect(config?.feeds.first.map { $0.settings(MempoolSettings.self).api } == api)
        #expect(log.diagnostics.map { "\($0.line - 1):\($0.column): \($0.message)" } == (problem.map { [$0] } ?? []))
    }
}
