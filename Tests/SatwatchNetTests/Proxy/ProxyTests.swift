import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// A `proxy` setting through a real SOCKS5 proxy of our own (`Tests/Peers/socks_peer.py`), which
/// records every tunnel and each HTTP request line it carried: the HTTP client's requests and
/// the WebSocket's upgrade go through it, with the host name resolved at the proxy (socks5h).
@Suite("Proxy through socks_peer.py")
struct ProxyTests {
    let agent = "satwatch/9.9.9-test"

    @Test("an HTTP request goes through the SOCKS5 proxy, the name resolved there (socks5h)")
    func httpThroughSOCKS() async throws {
        let proxy = try await SOCKSPeer.start()
        let endpoint = try await HTTPPeer.shared().endpoint()
        let request = HTTPRequest(method: "POST", url: endpoint.url(host: "localhost"), body: Array("hi".utf8),
                                  userAgent: agent, proxy: proxy.url())
        let response = try await HTTPClient().send(request)
        #expect(response.status == 200)
        #expect(try endpoint.requests().first?.body == Array("hi".utf8))
        let connect = try #require(proxy.events().first { $0.event == "connect" })
        #expect(connect.target == "localhost" && connect.atyp == "domain")
        #expect(connect.port == endpoint.peer.port)
        let line = try #require(try await proxy.event { $0.event == "request" })
        #expect(line.line == "POST \(endpoint.path + endpoint.query) HTTP/1.1")
    }

    @Test("socks5:// resolves the name itself and hands the proxy an address")
    func socks5ResolvesLocally() async throws {
        let proxy = try await SOCKSPeer.start()
        let endpoint = try await HTTPPeer.shared().endpoint()
        let request = HTTPRequest(url: endpoint.url(host: "localhost"), userAgent: agent, proxy: proxy.url(remoteNames: false))
        #expect(try await HTTPClient().send(request).status == 200)
        let connect = try #require(proxy.events().first { $0.event == "connect" })
        #expect(connect.atyp == "ipv4" || connect.atyp == "ipv6")
    }

    @Test("without a proxy setting nothing reaches the proxy")
    func noProxyNoTunnel() async throws {
        let proxy = try await SOCKSPeer.start()
        let endpoint = try await HTTPPeer.shared().endpoint()
        #expect(try await HTTPClient().send(HTTPRequest(url: endpoint.url(), userAgent: agent)).status == 200)
        #expect(try endpoint.requests().count == 1)
        #expect(proxy.events().isEmpty)
    }

    @Test("a proxy that is not there fails the request with curl's proxy error")
    func deadProxy() async throws {
        let closed = try ClosedPort()
        let endpoint = try await HTTPPeer.shared().endpoint()
        let request = HTTPRequest(url: endpoint.url(), timeout: .seconds(5), userAgent: agent,
                                  proxy: "socks5h://127.0.0.1:\(closed.port)")
        do {
            _ = try await HTTPClient().send(request)
            Issue.record("the request went around a dead proxy")
        } catch {
            #expect([7, 97].contains(error.code), "\(error)")
        }
        #expect(try endpoint.requests().isEmpty)
    }

    @Test("a WebSocket connects through the SOCKS5 proxy, upgrade and messages included")
    func webSocketThroughSOCKS() async throws {
        let proxy = try await SOCKSPeer.start()
        let peer = try await WSPeer.start(["--echo"])
        var options = peer.options("/api/v1/ws")
        options.url = options.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        options.proxy = proxy.url()
        let connection = try await WebSocketConnection.connect(options)
        try await connection.send(text: "through the tunnel")
        let (messages, _) = try await WSRead.messages(connection, count: 1)
        #expect(messages == [.text("through the tunnel")])
        await connection.close()
        let connect = try #require(proxy.events().first { $0.event == "connect" })
        #expect(connect.target == "localhost" && connect.atyp == "domain" && connect.port == peer.process.port)
        #expect(proxy.events().contains { $0.event == "request" && $0.line == "GET /api/v1/ws HTTP/1.1" })
    }

    /// (setting, problem).
    @Test(arguments: [
        ("socks5h://127.0.0.1:9050", nil), ("SOCKS5H://localhost:9050/", nil), ("socks5://[::1]:1080", nil),
        ("socks4a://proxy", nil), ("http://proxy.example:3128", nil), ("https://proxy.example", nil),
        ("127.0.0.1:9050", #"expected a proxy URL such as "socks5h://127.0.0.1:9050" or "http://proxy.example:3128""#),
        ("ftp://proxy:21", #"unknown proxy scheme "ftp" (use socks5h://, socks5://, socks4a://, socks4://, http://, https://)"#),
        ("socks5h://", #""proxy" has no host"#),
        ("socks5h://:9050", #""proxy" has no host"#),
        ("socks5h://host:0", #""proxy" has an invalid port (1 to 65535)"#),
        ("socks5h://host:+80", #""proxy" has an invalid port (1 to 65535)"#),
        ("socks5h://host:99999", #""proxy" has an invalid port (1 to 65535)"#),
        ("socks5h://user:secret@host:9050", #""proxy" must not contain user info (a name or password)"#),
        ("http://host:3128/path", #""proxy" must be scheme://host:port, without a path, query or fragment"#),
        ("socks5h://[::1:9050", #""proxy" has an unterminated IPv6 address"#),
        ("socks5h://ho st:9050", #""proxy" contains spaces, control or non-ASCII characters"#),
    ] as [(String, String?)])
    func proxySettingIsChecked(_ setting: String, _ problem: String?) {
        #expect(ProxyURL.problem(setting) == problem)
    }
}
