import Foundation
import Testing
@testable import SatwatchKit

/// Whole-file reads (config, rules, recordings) on real files.
@Suite struct FileBytesTests {
    @Test(arguments: [0, 1, 65_535, 65_536, 200_001])
    func readsEveryByte(size: Int) throws {
        let directory = try StateTestDirectory()
        let path = directory.path("file")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(FileBytes.read(path) == bytes)
    }

    @Test func aMissingFileIsNil() throws {
        let directory = try StateTestDirectory()
        #expect(FileBytes.read(directory.path("missing")) == nil)
    }

    /// An empty rule file (the fuzzer's leak input) is an ordinary, positioned syntax error.
    @Test func anEmptyJSONFileIsASyntaxErrorAtItsStart() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("rules.json")
        try Data().write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        #expect(SourceFile.load(path, into: log) == nil)
        #expect(log.diagnostics.map(\.description) == ["\(path):1:1: unexpected end of input"])
    }
}
