import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// The HTTP client against `Tests/Peers/http_peer.py` (Python `http.server`) over loopback.
@Suite("HTTPClient against http_peer.py")
struct HTTPClientTests {
    let client = HTTPClient()
    let agent = "satwatch/9.9.9-test"

    @Test("POST body and headers arrive byte for byte, without Expect or an invented Content-Type")
    func postArrivesExact() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        // 1.5 MiB of every byte value: over curl's 1 MiB Expect: 100-continue threshold.
        let body = (0..<(3 << 19)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let request = HTTPRequest(method: "POST", url: endpoint.url() + "&x=1",
                                  headers: ["Content-Type": "application/json", "X-Satwatch-Id": "n-42"],
                                  body: body, userAgent: agent)
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.bodyText == "ok")
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.method == "POST")
        #expect(recorded.path == endpoint.path + endpoint.query + "&x=1")
        #expect(recorded.body == body)
        #expect(recorded.values("Content-Type") == ["application/json"])
        #expect(recorded.values("X-Satwatch-Id") == ["n-42"])
        #expect(recorded.values("User-Agent") == [agent])
        #expect(recorded.values("Content-Length") == ["\(body.count)"])
        #expect(recorded.values("Expect").isEmpty)
    }

    @Test("a POST without Content-Type gets none, and an empty body is sent as Content-Length: 0")
    func emptyPost() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        _ = try await client.send(HTTPRequest(method: "POST", url: endpoint.url(), userAgent: agent))
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.values("Content-Type").isEmpty)
        #expect(recorded.values("Content-Length") == ["0"])
        #expect(recorded.body.isEmpty)
    }

    @Test("CR/LF in a header value cannot inject a header")
    func headerInjection() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let request = HTTPRequest(method: "POST", url: endpoint.url(),
                                  headers: ["X-Title": "a\r\nX-Injected: yes"], body: [1], userAgent: agent)
        _ = try await client.send(request)
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.values("X-Injected").isEmpty)
        #expect(recorded.values("X-Title") == ["a  X-Injected: yes"])
    }

    @Test("methods", arguments: [("GET", [UInt8]()), ("PUT", [1, 2, 3]), ("PATCH", [9]), ("DELETE", []), ("HEAD", [])])
    func methods(method: String, body: [UInt8]) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let response = try await client.send(HTTPRequest(method: method, url: endpoint.url(), body: body, userAgent: agent))
        #expect(response.status == 200)
        #expect(response.bodyText == (method == "HEAD" ? "" : "ok"))
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.method == method)
        #expect(recorded.body == body)
    }

    @Test("every status is a response, redirects are not followed",
          arguments: [200, 204, 301, 404, 410, 500, 503])
    func statusIsReturned(status: Int) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: status, headers: [["Location", "/elsewhere"]])])
        let response = try await client.send(HTTPRequest(method: "POST", url: endpoint.url(), body: [1], userAgent: agent))
        #expect(response.status == status)
        #expect(response.header("location") == "/elsewhere")
        #expect(try endpoint.requests().count == 1)
    }

    @Test("429 and 503 expose Retry-After (seconds and HTTP-date), then 200")
    func retryAfter() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([
            .init(status: 429, headers: [["Retry-After", "3"]]),
            .init(status: 503, headers: [["Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"]]),
        ])
        let request = HTTPRequest(method: "POST", url: endpoint.url(), body: [1], userAgent: agent)
        let first = try await client.send(request)
        #expect(first.status == 429)
        #expect(first.header("RETRY-AFTER") == "3")
        #expect(first.retryAfter(now: 0) == .seconds(3))
        let second = try await client.send(request)
        #expect(second.status == 503)
        #expect(second.retryAfter(now: 1_445_412_480 - 90) == .seconds(90))
        let third = try await client.send(request)
        #expect(third.status == 200)
        #expect(third.retryAfter(now: 0) == nil)
        #expect(try endpoint.requests().count == 3)
    }

    @Test("a body over the cap is cut at the cap, and the status still comes back")
    func bodyCap() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, bodySize: 3 << 20), .init(status: 200, bodySize: 1000)])
        let capped = HTTPClient(maxResponseBytes: 1 << 20)
        let big = try await capped.send(HTTPRequest(url: endpoint.url(), userAgent: agent))
        #expect(big.status == 200)
        #expect(big.body.count == 1 << 20)
        #expect(big.bodyTruncated)
        let small = try await capped.send(HTTPRequest(url: endpoint.url(), userAgent: agent))
        #expect(small.body.count == 1000)
        #expect(!small.bodyTruncated)
    }
}
