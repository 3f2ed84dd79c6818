import Testing
@testable import SatwatchJSON

/// `JSONParser.parseObject`: frames are checked in full, but only the members a decoder reads
/// are built, so a large unwanted value costs no memory.
@Suite struct JSONPartialObjectTests {
    /// `[1,1,…,1]`, `count` ones.
    static func ones(_ count: Int) -> String {
        "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
    }

    /// Parses `text` with a reader the test can inspect afterwards.
    static func partial(_ text: String, keeping keys: Set<String>, maxValues: Int = .max,
                        check: (borrowing JSONReader) -> Void = { _ in }) throws(JSONSyntaxError) -> JSONPartialObject? {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) -> JSONPartialObject? in
                var reader = JSONReader(base: UnsafePointer(buffer.baseAddress!), count: buffer.count, positions: false)
                let result = try reader.parsePartialObject(keeping: keys, maxValues: maxValues)
                check(reader)
                return result
            }
        }.get()
    }

    @Test(arguments: JSONParserErrorTests.cases.map(\.0))
    func checksEverythingAsTheFullParserDoes(_ text: String) {
        for wrapped in [text, #"{"skip": "# + text + "}", #"{"keep": "# + text + "}"] {
            let full = Self.failure { () throws(JSONSyntaxError) in _ = try JSONParser.parse(wrapped, positions: false) }
            let partial = Self.failure { () throws(JSONSyntaxError) in
                _ = try JSONParser.parseObject(wrapped, keeping: ["keep"], maxValues: .max)
            }
            #expect(full != nil)
            #expect(partial == full, "\(wrapped)")
        }
    }

    static func failure(_ body: () throws(JSONSyntaxError) -> Void) -> JSONSyntaxError? {
        do { try body() } catch { return error }
        return nil
    }

    @Test func aLargeArrayWhereAnObjectBelongsIsCheckedButNeverBuilt() throws {
        let text = Self.ones(512 * 1024)  // 1 MiB
        var capacity = 0
        #expect(try Self.partial(text, keeping: ["data"]) { capacity = $0.nodes.capacity } == nil)
        // The scratch stack grows only when nodes are kept: at its first size, none were.
        #expect(capacity == 16)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parseObject(text + "]", keeping: [], maxValues: .max) }
    }

    @Test func unwantedMembersAreSkippedByKeyAtTheTopOnly() throws {
        let text = #"{"big": "# + Self.ones(100_000) + #", "keep": {"big": [1, 2]}, "other": "x"}"#
        var capacity = 0
        let object = try #require(try Self.partial(text, keeping: ["keep"]) { capacity = $0.nodes.capacity })
        #expect(object.skippedKeys == ["big", "other"])
        #expect(object.node.members?.map(\.key) == ["keep"])
        #expect(object.node["keep"]?["big"]?.array?.count == 2)
        #expect(capacity == 16)
    }

    @Test(arguments: [(101, true), (100, false)])
    func keptValuesBeyondTheBudgetDropTheWholeObject(_ maxValues: Int, _ kept: Bool) throws {
        // The array and its 100 numbers are 101 values; the object itself is not counted.
        let text = #"{"data": "# + Self.ones(100) + #", "skipped": "# + Self.ones(1000) + "}"
        let object = try Self.partial(text, keeping: ["data"], maxValues: maxValues)
        #expect(object?.node["data"]?.array?.count == (kept ? 100 : nil))
    }

    @Test(arguments: ["1", #""text""#, "null", "[]", Self.ones(3), "  [ {} ]  "])
    func jsonThatIsNotAnObjectIsNil(_ text: String) throws {
        #expect(try JSONParser.parseObject(text, keeping: [], maxValues: .max) == nil)
    }
}
