import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// HTTPS against `http_peer.py --tls-dir`, whose certificate a private CA made with `openssl`
/// at test time signed.
@Suite("HTTPClient TLS")
struct HTTPClientTLSTests {
    let client = HTTPClient()
    let agent = "satwatch/9.9.9-test"

    @Test("with the private CA as caFile the request succeeds (by name and by IP)",
          arguments: ["localhost", "127.0.0.1"])
    func trusted(host: String) async throws {
        let endpoint = try await HTTPPeer.shared(tls: true).endpoint()
        let request = HTTPRequest(method: "POST", url: endpoint.url(host: host), body: Array("hi".utf8),
                                  caFile: endpoint.peer.caFile, userAgent: agent)
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(try endpoint.requests().first?.body == Array("hi".utf8))
    }

    @Test("without the CA the certificate is not trusted: curl 60")
    func untrusted() async throws {
        let endpoint = try await HTTPPeer.shared(tls: true).endpoint()
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: endpoint.url(host: "localhost"), userAgent: agent))
        }
        #expect(error?.code == 60)
        #expect(try endpoint.requests().isEmpty)
    }

    @Test("a missing caFile is reported as curl 77")
    func missingCAFile() async throws {
        let endpoint = try await HTTPPeer.shared(tls: true).endpoint()
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: endpoint.url(), caFile: "/nonexistent/ca.pem", userAgent: agent))
        }
        #expect(error?.code == 77)
    }
}
