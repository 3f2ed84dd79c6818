import Foundation
@testable import SatwatchBase
import Testing

/// Whole-file reads (config, rules, recordings) on real files: every byte of a regular file
/// within its limit, and a refusal naming why for anything else.
@Suite struct FileBytesTests {
    static let limit = FileBytes.Limit(bytes: 200_001, kind: "a test file")

    @Test(arguments: [0, 1, 65_535, 65_536, 200_001])
    func readsEveryByte(size: Int) throws {
        let directory = try StateTestDirectory()
        let path = directory.path("file")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileBytes.read(path, limit: Self.limit).get() == bytes)
    }

    @Test func oneByteOverTheLimitIsRefused() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("file")
        try Data(count: Self.limit.bytes + 1).write(to: URL(fileURLWithPath: path))
        let result = FileBytes.read(path, limit: Self.limit)
        #expect(result == .failure(.tooLarge(Self.limit)))
        #expect(FileBytes.Failure.tooLarge(.config).message == "larger than 1 MiB, the limit for a config file")
    }

    /// What is not a regular file is refused without reading: a device never ends, a FIFO
    /// nobody writes to would wait forever (so this test would hang, not fail, before).
    @Test func devicesFIFOsAndFoldersAreRefused() throws {
        let directory = try StateTestDirectory()
        let fifo = directory.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [("/dev/zero", "not a regular file (a character device)"),
                                         (fifo, "not a regular file (a FIFO)"),
                                         (directory.path(""), "not a regular file (a directory)")]
        for (path, message) in cases {
            guard case .failure(let failure) = FileBytes.read(path, limit: .config) else {
                Issue.record("\(path) was read")
                continue
            }
            #expect(failure.message == message, "\(path)")
        }
    }

    @Test func aMissingFileGivesItsErrno() throws {
        let directory = try StateTestDirectory()
        let result = FileBytes.read(directory.path("missing"), limit: Self.limit)
        #expect(result == .failure(.system(ENOENT)))
        #expect(FileBytes.Failure.system(ENOENT).message == "cannot read: No such file or directory")
    }

    @Test(arguments: [(1 << 20, "1 MiB"), (256 << 10, "256 KiB"), (1 << 30, "1 GiB"), (1000, "1000 bytes")])
    func limitsAreWrittenInTheirUnit(bytes: Int, text: String) {
        #expect(FileBytes.Limit(bytes: bytes, kind: "x").sizeText == text)
    }

    /// An empty rule file (the fuzzer's leak input) is an ordinary, positioned syntax error.
    @Test func anEmptyJSONFileIsASyntaxErrorAtItsStart() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("rules.json")
        try Data().write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        #expect(SourceFile.load(path, into: log, limit: .rules) == nil)
        #expect(log.diagnostics.map(\.description) == ["\(path):1:1: unexpected end of input"])
    }
}
