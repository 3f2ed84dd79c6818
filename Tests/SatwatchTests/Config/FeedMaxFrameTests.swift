import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// `max_frame` in a feed's settings: the size grammar, its bounds and where problems are reported.
@Suite struct FeedMaxFrameTests {
    @Test(arguments: [
        ("", 1 << 20, nil),
        (#", "max_frame": "1MiB""#, 1 << 20, nil),
        (#", "max_frame": "512KiB""#, 512 << 10, nil),
        (#", "max_frame": "2MB""#, 2_000_000, nil),
        (#", "max_frame": "64KB""#, 64_000, nil),
        (#", "max_frame": "4096B""#, 4096, nil),
        (#", "max_frame": "65536""#, 65536, nil),
        (#", "max_frame": 65536"#, 65536, nil),
        (#", "max_frame": "16MiB""#, 16 << 20, nil),
        (#", "max_frame": "1mib""#, 1 << 20, #"1:37: invalid size "1mib" (use e.g. 65536, 512KiB, 1MiB, 2MB)"#),
        (#", "max_frame": "1.5MiB""#, 1 << 20, #"1:37: invalid size "1.5MiB" (use e.g. 65536, 512KiB, 1MiB, 2MB)"#),
        (#", "max_frame": " 1MiB""#, 1 << 20, #"1:37: invalid size " 1MiB" (use e.g. 65536, 512KiB, 1MiB, 2MB)"#),
        (#", "max_frame": "MiB""#, 1 << 20, #"1:37: invalid size "MiB" (use e.g. 65536, 512KiB, 1MiB, 2MB)"#),
        (#", "max_frame": 1.5"#, 1 << 20, "1:37: invalid size 1.5 (use a whole number of bytes)"),
        (#", "max_frame": -1"#, 1 << 20, "1:37: invalid size -1 (use a whole number of bytes)"),
        (#", "max_frame": true"#, 1 << 20, "1:37: expected a string, found a boolean"),
        (#", "max_frame": "1000B""#, 1 << 20, #"1:37: "max_frame" must be between 1KiB and 16MiB"#),
        (#", "max_frame": "17MiB""#, 1 << 20, #"1:37: "max_frame" must be between 1KiB and 16MiB"#),
        (#", "max_frame": "99999999999999""#, 1 << 20, #"1:37: invalid size "99999999999999" (use e.g. 65536, 512KiB, 1MiB, 2MB)"#),
    ] as [(String, Int, String?)])
    func maxFrameIsReadAndChecked(_ setting: String, _ bytes: Int, _ problem: String?) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [], \"feeds\": {\"mempool\":\n{\"url\": \"ws://host:1\"\(setting)}\n}, \"channels\": {\"console\": {\"type\": \"log\"}}, \"defaults\": {\"channels\": [\"console\"]}}".write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        #expect(config?.feeds.first?.maxFrame.bytes == bytes)
        #expect(log.diagnostics.map { "\($0.line - 1):\($0.column): \($0.message)" } == (problem.map { [$0] } ?? []))
    }

    @Test(arguments: [(1 << 20, "1MiB"), (512 << 10, "512KiB"), (2_000_000, "2000000B"), (0, "0B")])
    func sizesPrintInTheirLargestBinaryUnit(_ bytes: Int, _ text: String) {
        #expect(ByteSize(bytes: bytes).text == text)
        #expect(ByteSize(parsing: text)?.bytes == bytes)
    }
}
