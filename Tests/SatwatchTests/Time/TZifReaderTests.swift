import Foundation
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// The TZif reader on hand-built files: each version, which block it reads, and an exact
/// message for each way a file can be broken.
@Suite struct TZifReaderTests {
    /// Two transitions: CET from -5e9 (before 1901, so only in 64-bit data) and CEST from 1e9.
    static var sample: TZifBytes {
        var file = TZifBytes()
        file.transitions = [(-5_000_000_000, 1), (1_000_000_000, 2)]
        file.types = [(3208, 0, 0), (3600, 0, 4), (7200, 1, 8)]
        file.characters = "LMT\0CET\0CEST\0"
        file.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
        return file
    }

    static func read(_ file: TZifBytes) throws(TimeZoneError) -> TimeZoneRules {
        try TZifReader(bytes: file.bytes, path: "zone").rules(name: "Test/Zone")
    }

    static func offset(_ rules: TimeZoneRules, _ seconds: Int64) -> Int {
        rules.offset(at: Timestamp(milliseconds: seconds * 1000))
    }

    @Test(arguments: [UInt8(0x32), 0x33, 0x34])
    func readsTheSixtyFourBitBlockAndFooter(_ version: UInt8) throws {
        var file = Self.sample
        file.version = version
        file.version1Offset = -36000  // a 32-bit block that disagrees: it must not be used
        let rules = try Self.read(file)
        #expect(Self.offset(rules, -6_000_000_000) == 3208)
        #expect(Self.offset(rules, -5_000_000_000) == 3600)
        #expect(Self.offset(rules, 999_999_999) == 3600)
        #expect(Self.offset(rules, 1_000_000_000) == 7200)  // 2001-09-09, CEST: the footer agrees
        #expect(Self.offset(rules, 1_800_000_000) == 3600)  // 2027-01-15, from the footer rule
        #expect(rules.types.map(\.abbreviation) == ["LMT", "CET", "CEST"])
    }

    @Test func versionOneHasNoFooter() throws {
        var file = Self.sample
        file.version = 0
        file.transitions = [(-2_000_000_000, 1), (1_000_000_000, 2)]
        let rules = try Self.read(file)
        #expect(rules.footer == nil)
        #expect(Self.offset(rules, -2_100_000_000) == 3208)
        #expect(Self.offset(rules, 1_800_000_000) == 7200)  // the last type holds for ever
    }

    @Test func anEmptyFooterKeepsTheLastType() throws {
        var file = Self.sample
        file.footer = ""
        #expect(Self.offset(try Self.read(file), 1_800_000_000) == 7200)
    }

    @Test func aZoneWithoutTransitionsUsesItsFooter() throws {
        var file = TZifBytes()
        file.footer = "<+03>-3"
        #expect(Self.offset(try Self.read(file), 1_800_000_000) == 10800)
    }

    @Test(arguments: [
        ({ @Sendable (f: inout TZifBytes) in f.version = 0x35 }, "unsupported TZif version byte 0x35"),
        ({ @Sendable (f: inout TZifBytes) in f.types = [] }, "no local time types (typecnt is 0)"),
        ({ @Sendable (f: inout TZifBytes) in f.characters = "" }, "no abbreviation characters (charcnt is 0)"),
        ({ @Sendable (f: inout TZifBytes) in f.leapCount = 2 },
         "has 2 leap-second records (a \"right/\" zone); use the zone without \"right/\""),
        ({ @Sendable (f: inout TZifBytes) in f.transitions = [(5, 1), (5, 2)] }, "transition 1 at 5 does not follow transition 0 at 5"),
        ({ @Sendable (f: inout TZifBytes) in f.transitions = [(5, 3)] }, "transition 0 uses local time type 3, but there are only 3"),
        ({ @Sendable (f: inout TZifBytes) in f.types[1].isDST = 2 }, "local time type 1 has isdst 2 (must be 0 or 1)"),
        ({ @Sendable (f: inout TZifBytes) in f.types[1].offset = Int32.min }, "local time type 1 has utoff -2^31"),
        ({ @Sendable (f: inout TZifBytes) in f.types[2].index = 13 }, "local time type 2 has no NUL-terminated abbreviation at index 13"),
        ({ @Sendable (f: inout TZifBytes) in f.characters = "LMT\0CET\0CEST" },
         "local time type 2 has no NUL-terminated abbreviation at index 8"),
        ({ @Sendable (f: inout TZifBytes) in f.footer = nil }, "missing footer (a TZ string between newlines after the version 2+ data)"),
        ({ @Sendable (f: inout TZifBytes) in f.footer = "CET-1CEST,M3.5.0" },
         "invalid footer TZ string \"CET-1CEST,M3.5.0\": expected \",\" and the rule that ends daylight time at character 17"),
    ] as [(@Sendable (inout TZifBytes) -> Void, String)])
    func rejectsBrokenFiles(_ breakIt: @Sendable (inout TZifBytes) -> Void, _ message: String) {
        var file = Self.sample
        breakIt(&file)
        #expect(throws: TimeZoneError(kind: .malformed, path: "zone", message: message)) { try Self.read(file) }
    }

    @Test(arguments: [
        (Array("# tzdb\n".utf8), "not a TZif file (it does not start with \"TZif\")"),
        (Array("TZif2".utf8), "truncated header (5 bytes)"),
        // The version 1 block is 44 + 2 × 4 + 2 + 3 × 6 + 13 = 85 bytes; the 64-bit data 49 bytes.
        (Array(sample.bytes.prefix(100)), "missing or truncated version 2 header at byte 85"),
        (Array(sample.bytes.prefix(150)), "truncated: the header announces 49 bytes of data at byte 129, the file has 21"),
    ])
    func rejectsCutFiles(_ bytes: [UInt8], _ message: String) {
        #expect(throws: TimeZoneError(kind: .malformed, path: "zone", message: message)) {
            try TZifReader(bytes: bytes, path: "zone").rules(name: "x")
        }
    }
}
