import Testing
@testable import SatwatchNet

/// `Retry-After` parsing, both RFC 9110 forms, and the HTTP-date forms recipients must accept.
@Suite("Retry-After and HTTP-date")
struct RetryAfterTests {
    /// 2015-10-21T07:28:00Z.
    static let date: Int64 = 1_445_412_480

    @Test("Retry-After values", arguments: [
        ("3", Duration?.some(.seconds(3))),
        ("0", .seconds(0)),
        (" 120 ", .seconds(120)),
        ("86400", .seconds(86_400)),
        ("-5", nil),
        ("1.5", nil),
        ("", nil),
        ("soon", nil),
        ("Wed, 21 Oct 2015 07:29:30 GMT", .seconds(90)),
        ("Wed, 21 Oct 2015 07:28:00 GMT", .seconds(0)),
        ("Tue, 20 Oct 2015 07:28:00 GMT", .seconds(0)),
        ("Wednesday, 21-Oct-15 07:29:30 GMT", .seconds(90)),
        ("Wed Oct 21 07:29:30 2015", .seconds(90)),
        ("Wed Oct  1 07:28:00 2015", .seconds(0)),
        ("Wed, 21 Oct 2015 07:29:30 UTC", nil),
        ("Wed, 31 Feb 2015 07:28:00 GMT", nil),
        ("Wed, 21 Oct 2015 24:00:00 GMT", nil),
        ("Wed, 21 Foo 2015 07:28:00 GMT", nil),
        ("21 Oct 2015 07:28:00 GMT", nil),
    ])
    func retryAfter(value: String, expected: Duration?) {
        #expect(HTTPResponse.parseRetryAfter(value, now: Self.date) == expected)
        let response = HTTPResponse(status: 429, headers: ["retry-after": value])
        #expect(response.retryAfter(now: Self.date) == expected)
    }

    @Test("no Retry-After header gives nil")
    func missing() {
        #expect(HTTPResponse(status: 503).retryAfter(now: Self.date) == nil)
    }

    @Test("HTTP-date forms give the same instant", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
    func forms(text: String) {
        #expect(HTTPDate.epochSeconds(parsing: text) == 784_111_777)
    }
}
