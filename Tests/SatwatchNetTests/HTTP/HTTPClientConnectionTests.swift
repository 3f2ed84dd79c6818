import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// Kept-alive connections, seen from the server (`http_peer.py` records each request's client
/// port: one port, one TCP connection).
@Suite("HTTPClient connection reuse")
struct HTTPClientConnectionTests {
    let client = HTTPClient()

    func post(_ url: String) async throws -> Int {
        try await client.send(HTTPRequest(method: "POST", url: url, body: Array("{}".utf8), userAgent: "satwatch/test")).status
    }

    @Test("requests one after another to one host share a connection")
    func sequentialRequestsShareAConnection() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        for _ in 0..<3 { #expect(try await post(endpoint.url()) == 200) }
        let ports = try endpoint.requests().map(\.clientPort)
        #expect(ports.count == 3)
        #expect(Set(ports).count == 1, "client ports \(ports)")
    }

    @Test("a connection the server closed is replaced, and the request still goes through")
    func aClosedConnectionIsReplaced() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, headers: [["Connection", "close"]])])
        #expect(try await post(endpoint.url()) == 200)
        #expect(try await post(endpoint.url()) == 200)
        let ports = try endpoint.requests().map(\.clientPort)
        #expect(ports.count == 2)
        #expect(Set(ports).count == 2, "client ports \(ports)")
    }

    @Test("copies of a client share its connections")
    func copiesShareConnections() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let copy = client
        #expect(try await post(endpoint.url()) == 200)
        #expect(try await copy.send(HTTPRequest(url: endpoint.url(), userAgent: "satwatch/test")).status == 200)
        #expect(Set(try endpoint.requests().map(\.clientPort)).count == 1)
    }
}
