import Testing
@testable import SatwatchNet

/// Query strings and form bodies decoded as browsers encode them, malformed escapes kept.
@Suite struct HTTPFormFieldsTests {
    @Test(arguments: [
        ("metric=btc.usd&since=24h", [("metric", "btc.usd"), ("since", "24h")]),
        ("", []),
        ("a=1&&b=2&", [("a", "1"), ("b", "2")]),
        ("flag&x=", [("flag", ""), ("x", "")]),
        ("q=a+b%20c%2Bd", [("q", "a b c+d")]),
        ("name=%E2%82%AC%c3%a9", [("name", "€é")]),
        ("k%3Dx=v%26w", [("k=x", "v&w")]),
        ("a=b=c", [("a", "b=c")]),
        // Malformed escapes stay as sent, the rest of the value still decoded.
        ("p=100%&q=%4&r=%zz+1&s=%%41", [("p", "100%"), ("q", "%4"), ("r", "%zz 1"), ("s", "%A")]),
        // Bytes that are not UTF-8 become U+FFFD rather than failing the whole query.
        ("bad=%FF%FEok", [("bad", "\u{FFFD}\u{FFFD}ok")]),
        ("nul=a%00b", [("nul", "a\u{0}b")]),
    ])
    func decodes(_ encoded: String, _ expected: [(String, String)]) {
        let fields = HTTPFormFields(encoded)
        #expect(fields.map(\.name) == expected.map(\.0))
        #expect(fields.map(\.value) == expected.map(\.1))
    }

    @Test func keepsRepeatedNamesInOrderAndLooksUpByExactName() {
        let fields = HTTPFormFields("metric=a&Metric=x&metric=b&metric")
        #expect(fields.values("metric") == ["a", "b", ""])
        #expect(fields.first("metric") == "a")
        #expect(fields.first("Metric") == "x")
        #expect(fields.first("missing") == nil)
        #expect(fields.values("missing").isEmpty)
    }

    @Test func decodesFormBodiesAndQueriesOfARequest() {
        let request = HTTPServerRequest(method: "POST", path: "/silences", query: "next=%2F&next=%2Fapi",
                                        body: Array("rule=btc+above+100k&for=1h".utf8))
        #expect(request.queryFields.values("next") == ["/", "/api"])
        #expect(request.formFields.first("rule") == "btc above 100k")
        #expect(request.formFields.first("for") == "1h")
        #expect(request.bodyText == "rule=btc+above+100k&for=1h")
    }
}
