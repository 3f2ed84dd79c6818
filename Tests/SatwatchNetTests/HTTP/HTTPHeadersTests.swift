import Testing
@testable import SatwatchNet

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("lookup ignores case and keeps order")
    func lookup() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Set-Cookie": "a=1"]
        headers.add("set-cookie", "b=2")
        #expect(headers.first("content-type") == "application/json")
        #expect(headers.values("SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers.first("Content-Length") == nil)
        headers.replace("SET-cookie", with: "c=3")
        #expect(headers.values("Set-Cookie") == ["c=3"])
        #expect(!HTTPHeaders.sameName("Accept", "Accepts"))
    }

    @Test("lines given to curl cannot break out of their header", arguments: [
        ("X-A", "b", String?.some("X-A: b")),
        ("X-A", "", "X-A;"),
        ("X-A", "  padded\t", "X-A: padded"),
        ("X-A", "a\r\nX-Injected: yes", "X-A: a  X-Injected: yes"),
        ("X-A", "nul\u{0}here", "X-A: nul here"),
        ("X-A", "line\u{2028}sep", "X-A: line sep"),
        ("X-A", "naïve ✓", "X-A: naïve ✓"),
        ("Bad Name:\r\n", "v", "BadName: v"),
        ("\r\n", "v", nil),
    ])
    func curlLine(name: String, value: String, expected: String?) {
        #expect(HTTPHeader(name, value).curlLine == expected)
    }

    @Test("timeouts in whole milliseconds, never 0 (which curl reads as none)", arguments: [
        (Duration.milliseconds(1500), 1500), (.seconds(10), 10_000), (.zero, 1), (.seconds(-3), 1),
        (.microseconds(1), 1), (.microseconds(2_999), 2),
    ])
    func milliseconds(duration: Duration, expected: Int) {
        #expect(CurlEasy.milliseconds(duration) == expected)
    }
}
