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

    /// Before: a transfer put its handle back in the pool and then read the status from it, so a
    /// concurrent request could take and reset the handle in between, and a delivered alert came
    /// back as `HTTP 0` (and was retried: sent twice). Seen once in the suite as `notify`
    /// answering `HTTP 0: ok`; here, many requests at once through one client's four handles.
    @Test("concurrent requests through one client each get their own status")
    func concurrentRequestsGetTheirOwnStatus() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<12 {
                group.addTask { var seen: [Int] = []; for _ in 0..<60 { seen.append(try await post(endpoint.url())) }; return seen }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 720)
        #expect(statuses.filter { $0 != 200 }.isEmpty, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
    }
}
