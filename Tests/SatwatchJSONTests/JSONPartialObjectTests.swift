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

    /// `{"k0":0,"k1":1,…}` with `count` distinct keys, then `extra` members.
    static func manyKeys(_ count: Int, then extra: String = "") -> String {
        "{" + (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + extra + "}"
    }

    /// (text, keys kept, the repeated key refused or nil): a frame that names a key twice
    /// in anything a reader builds is refused, wherever the object stands.
    @Test(arguments: [
        (#"{"last":96000,"last":1e9}"#, ["last"], "last"),
        (#"{"data":[{"symbol":"BTC/USD","last":96000,"last":1e9}]}"#, ["data"], "last"),
        (#"{"a":{"b":{"c":1,"c":2}}}"#, ["a"], "c"),
        // Top-level keys not kept are not built, but are still compared with one another.
        (#"{"a":1,"b":2,"a":3}"#, [], "a"),
        (#"{"type":"ticker","time":"x","time":"y"}"#, ["type"], "time"),
        // Escapes are decoded first; keys Swift reads as equal (canonically equivalent) are one key to a reader.
        (#"{"\u0061":1,"a":2}"#, ["a"], "a"),
        (#"{"\u00e9":1,"e\u0301":2}"#, ["é"], "é"),
        (manyKeys(20, then: #","\u00e9":1,"e\u0301":2"#), ["é"], "é"),
        // The same key in different objects, case differences, and members never built are fine.
        (#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#, ["a", "b"], nil),
        (#"{"a":1,"A":2}"#, ["a", "A"], nil),
        (#"{"skip":{"x":1,"x":2},"keep":1}"#, ["keep"], nil),
        (#"{}"#, [], nil),
        // Past 16 keys the check takes a set: both ways must agree.
        (manyKeys(16), ["k0"], nil),
        (manyKeys(40), ["k0", "k39"], nil),
        (manyKeys(16, then: #","k3":1"#), ["k3"], "k3"),
        (manyKeys(40, then: #","k39":1"#), ["k39"], "k39"),
        (manyKeys(40, then: #","k20":1"#), [], "k20"),
    ] as [(String, Set<String>, String?)])
    func aRepeatedKeyIsRefused(_ text: String, _ keys: Set<String>, _ repeated: String?) {
        let failure = Self.failure { () throws(JSONSyntaxError) in _ = try JSONParser.parseObject(text, keeping: keys, maxValues: .max) }
        if let repeated {
            #expect(failure?.isDuplicateKey == true, "\(text)")
            #expect(failure?.message == "duplicate key \(JSONValue.escape(repeated))")
        } else {
            #expect(failure == nil, "\(text)")
        }
    }

    /// The error stands at the repeated key, with an exact line and column like every error.
    @Test func aRepeatedKeyIsReportedWhereItStands() {
        let text = "{\"data\": [{\"last\": 1,\n  \"last\": 2}]}"
        let failure = Self.failure { () throws(JSONSyntaxError) in _ = try JSONParser.parseObject(text, keeping: ["data"], maxValues: .max) }
        #expect(failure?.location.line == 2 && failure?.location.column == 3)
        #expect(failure?.location.offset == text.utf8.count - 12)
    }

    /// The full parser keeps repeats: the config loader reports them at their place itself.
    @Test func theFullParserKeepsRepeatedKeys() throws {
        #expect(try JSONParser.parse(#"{"a":1,"a":2}"#).members?.count == 2)
    }
}
