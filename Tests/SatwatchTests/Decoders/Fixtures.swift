import Foundation
@testable import SatwatchBase
import SatwatchTestSupport

/// Reads the recorded feed fixtures (`Tests/Fixtures/feeds`).
enum Fixtures {
    static let directory: URL = TestPaths.feedFixtures

    /// The whole file as text.
    static func text(_ name: String) throws -> String {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return String(decoding: data, as: UTF8.self)
    }

    /// One frame per line, split on `\n` bytes only: frames carry U+0085, which universal
    /// newline splitting (`enumerateLines`, `isNewline`) would treat as a line break.
    static func frames(_ name: String) throws -> [String] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The `.offsets` companion of a `.jsonl` file: milliseconds since its first frame.
    static func offsets(_ name: String) throws -> [Int64] {
        try frames(name).map { line in
            guard let value = Int64(line) else { throw FixtureError.badOffset(line) }
            return value
        }
    }

    /// The receive time tests use for a frame at `offset` ms: 2025-12-10T14:02:00Z plus it.
    static func time(_ offset: Int64 = 0) -> Timestamp {
        Timestamp(milliseconds: 1_765_375_320_000 + offset)
    }

    /// `(metric, value)` pairs as the samples a decoder gives from `source` at `at`.
    static func samples(_ pairs: [(metric: String, value: Double)], at: Timestamp, source: String) -> [Sample] {
        pairs.map { Sample(metric: $0.metric, value: $0.value, at: at, source: source) }
    }

    enum FixtureError: Error { case badOffset(String) }
}
