import Testing
import SatwatchJSON

@Suite struct JSONAccessTests {
    static let sample = #"{"a": 1, "s": "x", "b": false, "n": null, "l": [1], "o": {"k": 2}, "a": 3}"#

    @Test func subscriptFindsTheLastMemberWithTheKey() throws {
        let node = try JSONParser.parse(Self.sample)
        #expect(node["a"]?.number == 3)
        #expect(node["a"]?.location.column == 73)
        #expect(node["o"]?["k"]?.number == 2)
        #expect(node["missing"] == nil)
        #expect(node["l"]?["a"] == nil)
        #expect(node.members?.filter { $0.key == "a" }.count == 2)
    }

    @Test func typedAccessorsMatchOnlyTheirType() throws {
        let node = try JSONParser.parse(Self.sample)
        #expect(node["s"]?.string == "x")
        #expect(node["s"]?.number == nil)
        #expect(node["a"]?.number == 3)
        #expect(node["a"]?.string == nil)
        #expect(node["b"]?.bool == false)
        #expect(node["n"]?.bool == nil)
        #expect(node["n"]?.isNull == true)
        #expect(node["b"]?.isNull == false)
        #expect(node["l"]?.array?.map(\.number) == [1])
        #expect(node["o"]?.array == nil)
        #expect(node["o"]?.members?.map(\.key) == ["k"])
        #expect(node["l"]?.members == nil)
    }

    static let typeNames: [(JSONValue, String)] = [
        ([:], "object"), ([], "array"), ("", "string"), (0, "number"), (true, "boolean"), (nil, "null"),
    ]

    @Test(arguments: typeNames)
    func namesTypes(value: JSONValue, name: String) {
        #expect(value.typeName == name)
        #expect(JSONNode(value).typeName == name)
    }

    @Test func literalsBuildValuesInWrittenOrder() {
        let value: JSONValue = ["z": 1, "a": 2.5, "m": "s", "n": nil, "t": true, "l": [1, "2"]]
        #expect(value.members?.map(\.key) == ["z", "a", "m", "n", "t", "l"])
        #expect(value == .object([
            JSONMember(key: "z", node: JSONNode(.number(1))),
            JSONMember(key: "a", node: JSONNode(.number(2.5))),
            JSONMember(key: "m", node: JSONNode(.string("s"))),
            JSONMember(key: "n", node: JSONNode(.null)),
            JSONMember(key: "t", node: JSONNode(.bool(true))),
            JSONMember(key: "l", node: JSONNode(.array([JSONNode(.number(1)), JSONNode(.string("2"))]))),
        ]))
    }

    @Test func withoutLocationsResetsEveryLocation() throws {
        let parsed = try JSONParser.parse("\n [ {\"k\": [2]} ]")
        #expect(parsed.value != [["k": [2]]])
        #expect(parsed.value.withoutLocations == [["k": [2]]])
    }
}
