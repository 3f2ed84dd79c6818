import Foundation
import Testing
import SatwatchJSON
import SatwatchTestSupport

/// Every recorded feed frame: parse, write, parse again; positions checked against the bytes.
@Suite struct JSONFixtureTests {
    static let fixtures: URL = TestPaths.feedFixtures

    /// The frames of a `.jsonl` file, split on "\n" bytes only (frames hold raw U+0085).
    static func frames(_ name: String) throws -> [[UInt8]] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }.filter { !$0.isEmpty }
    }

    static let files = ["mempool-ws-fees.jsonl", "mempool-ws-control.jsonl", "mempool-ws-client.jsonl",
                        "coinbase-ticker.jsonl", "kraken-ticker.jsonl"]

    @Test(arguments: files)
    func roundTripsEveryFrame(file: String) throws {
        let frames = try Self.frames(file)
        let lineCount = try Data(contentsOf: Self.fixtures.appendingPathComponent(file)).count { $0 == 0x0A }
        #expect(frames.count == lineCount)
        for (number, frame) in frames.enumerated() {
            let fast = try JSONParser.parse(frame, positions: false)
            let exact = try JSONParser.parse(frame)
            #expect(fast.value.withoutLocations == exact.value.withoutLocations)
            let written = exact.value.jsonText()
            let reparsed = try JSONParser.parse(written)
            #expect(reparsed.value.withoutLocations == exact.value.withoutLocations)
            #expect(reparsed.value.jsonText() == written)
            Self.checkPositions(exact, in: frame)
            // Multi-line positions and sorted output, on a sample to keep debug runs quick.
            guard number % 10 == 0 else { continue }
            let prettyText = exact.value.prettyJSONText(sortedKeys: true)
            let pretty = try JSONParser.parse(prettyText)
            #expect(pretty.value.jsonText(sortedKeys: true) == exact.value.jsonText(sortedKeys: true))
            Self.checkPositions(pretty, in: Array(prettyText.utf8))
        }
    }

    @Test(arguments: ["mempool-ws-init.json", "mempool-rest-prices.json", "coinmetrics-mvrv.json"])
    func parsesDocuments(file: String) throws {
        let bytes = try Array(Data(contentsOf: Self.fixtures.appendingPathComponent(file)))
        let node = try JSONParser.parse(bytes)
        Self.checkPositions(node, in: bytes)
        #expect(try JSONParser.parse(node.value.jsonText()).value.withoutLocations == node.value.withoutLocations)
    }

    @Test func keepsU0085InsideStrings() throws {
        let frames = try Self.frames("mempool-ws-fees.jsonl")
        #expect(frames.count == 215)
        let withNEL = try frames.filter { $0.firstRange(of: [0xC2, 0x85]) != nil }.map { try JSONParser.parse($0) }
        #expect(withNEL.count == 1)
        #expect(withNEL.first?.value.jsonText().contains("\u{85}") == true)
    }

    @Test func krakenConnectionIDParses() throws {
        let status = try #require(Self.frames("kraken-ticker.jsonl").first)
        let node = try JSONParser.parse(status, positions: false)
        #expect(node["data"]?.array?.first?["connection_id"]?.number == 12_393_906_104_898_154_496)
    }

    /// Every node's and key's line and column, recomputed from its byte offset.
    static func checkPositions(_ node: JSONNode, in bytes: [UInt8]) {
        var table: [SIMD2<Int>] = []
        table.reserveCapacity(bytes.count)
        var line = 1
        var column = 1
        for byte in bytes {
            table.append(SIMD2(line, column))
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        // One expectation per document: thousands of #expect calls would dominate the run.
        var wrong: [String] = []
        var pending = [node]
        while let next = pending.popLast() {
            if SIMD2(next.location.line, next.location.column) != table[next.location.offset] {
                wrong.append("value at \(next.location.offset)")
            }
            for member in next.members ?? [] {
                let location = member.keyLocation
                if bytes[location.offset] != UInt8(ascii: "\"") || SIMD2(location.line, location.column) != table[location.offset] {
                    wrong.append("key \(member.key) at \(location.offset)")
                }
                pending.append(member.node)
            }
            pending.append(contentsOf: next.array ?? [])
        }
        #expect(wrong.isEmpty)
    }
}
