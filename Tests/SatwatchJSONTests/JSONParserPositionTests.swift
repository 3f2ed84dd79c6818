import Testing
import SatwatchJSON

@Suite struct JSONParserPositionTests {
    static let text = """
        {
          "name": "btc",
          "list": [1, {"é": true}, "😀\u{85}\u{2028}", -2.5],
        \t"ünï": null,
          "after": {"x": [
            false
          ]}
        }
        """

    private func location(_ location: SatwatchJSON.SourceLocation) -> [Int] {
        [location.line, location.column, location.offset]
    }

    @Test func locatesEveryKeyAndValue() throws {
        let root = try JSONParser.parse(Self.text)
        #expect(location(root.location) == [1, 1, 0])
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["name", "list", "ünï", "after"])
        #expect(members.map { location($0.keyLocation) } == [[2, 3, 4], [3, 3, 21], [4, 2, 68], [5, 3, 85]])
        #expect(location(members[0].node.location) == [2, 11, 12])
        let list = try #require(root["list"]?.array)
        #expect(list.map { [$0.location.line, $0.location.column] } == [[3, 12], [3, 15], [3, 28], [3, 35]])
        let inner = try #require(list[1].members?.first)
        #expect(location(inner.keyLocation) == [3, 16, 34])
        #expect(location(inner.node.location) == [3, 21, 40])
        #expect(location(members[2].node.location) == [4, 9, 77])
        let after = try #require(root["after"])
        #expect([after.location.line, after.location.column] == [5, 12])
        let x = try #require(after["x"])
        #expect([x.location.line, x.location.column] == [5, 18])
        let falseNode = try #require(x.array?.first)
        #expect([falseNode.location.line, falseNode.location.column] == [6, 5])
    }

    @Test func offsetsMatchTheSourceBytes() throws {
        let bytes = Array(Self.text.utf8)
        let root = try JSONParser.parse(bytes)
        for member in root.members ?? [] {
            #expect(bytes[member.keyLocation.offset] == UInt8(ascii: "\""))
            let key = String(decoding: bytes[(member.keyLocation.offset + 1)...].prefix(member.key.utf8.count), as: UTF8.self)
            #expect(key == member.key)
        }
    }

    @Test func fastPathKeepsOnlyOffsets() throws {
        let exact = try JSONParser.parse(Self.text)
        let fast = try JSONParser.parse(Self.text, positions: false)
        #expect(fast.value.withoutLocations == exact.value.withoutLocations)
        let list = try #require(fast["list"]?.array)
        #expect(list.map { location($0.location) } == (exact["list"]?.array ?? []).map { [0, 0, $0.location.offset] })
        #expect(location(try #require(fast.members?.last).keyLocation) == [0, 0, 85])
    }

    @Test func byteOrderMarkIsNotAColumn() throws {
        let node = try JSONParser.parse("\u{FEFF}\n  [\"a\", 7]")
        #expect(location(node.location) == [2, 3, 6])
        #expect(node.array.map { $0.map { location($0.location) } } == [[2, 4, 7], [2, 9, 12]])
    }
}
