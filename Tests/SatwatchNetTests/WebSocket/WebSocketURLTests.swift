import Testing
@testable import SatwatchNet

@Suite("WebSocket URL")
struct WebSocketURLTests {
    @Test("Valid URLs", arguments: [
        ("wss://mempool.space/api/v1/ws", true, "mempool.space", nil, "/api/v1/ws", "mempool.space", "https://mempool.space/"),
        ("ws://127.0.0.1:8080", false, "127.0.0.1", 8080, "/", "127.0.0.1:8080", "http://127.0.0.1:8080/"),
        ("WS://example.com:80/?a=1&b=2", false, "example.com", 80, "/?a=1&b=2", "example.com", "http://example.com:80/"),
        ("wss://example.com?x", true, "example.com", nil, "/?x", "example.com", "https://example.com/"),
        ("wss://[::1]:9443/v2", true, "[::1]", 9443, "/v2", "[::1]:9443", "https://[::1]:9443/"),
        ("wss://[::1]/v2", true, "[::1]", nil, "/v2", "[::1]", "https://[::1]/"),
    ] as [(String, Bool, String, Int?, String, String, String)])
    func valid(
        text: String, secure: Bool, host: String, port: Int?, resource: String, hostHeader: String, transport: String
    ) throws {
        let url = try WebSocketURL(text)
        #expect(url.secure == secure)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.resource == resource)
        #expect(url.hostHeader == hostHeader)
        #expect(url.transportURL == transport)
    }

    @Test("Invalid URLs", arguments: [
        ("https://example.com", "URL must start with ws:// or wss://: https://example.com"),
        ("ws://", "URL has no host: ws://"),
        ("ws://:80/", "URL has no host: ws://:80/"),
        ("ws://host:0/", "URL has an invalid port: ws://host:0/"),
        ("ws://host:99999/", "URL has an invalid port: ws://host:99999/"),
        ("ws://host:x/", "URL has an invalid port: ws://host:x/"),
        ("ws://host/a#b", "URL must not have a fragment: ws://host/a#b"),
        ("ws://user:pw@host/", "URL must not contain user info: ws://user:pw@host/"),
        ("ws://host/a b", "URL contains spaces, control or non-ASCII characters: ws://host/a b"),
        ("ws://host/\r\nX: y", "URL contains spaces, control or non-ASCII characters: ws://host/\r\nX: y"),
        ("ws://[::1/", "URL has an unterminated IPv6 address: ws://[::1/"),
    ])
    func invalid(text: String, reason: String) {
        #expect(throws: WebSocketError.invalidOptions(reason)) { try WebSocketURL(text) }
    }
}
