import Digests
import SatwatchBase

/// The client side of the opening handshake (RFC 6455 section 4.1): the upgrade request and
/// the checks on the server's answer.
package struct WebSocketHandshake: Sendable {
    /// The `Sec-WebSocket-Key`: 16 random bytes, base64.
    package let key: String

    /// Headers the handshake sets itself; callers may not override them.
    private static let reserved: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version",
        "sec-websocket-accept", "sec-websocket-extensions", "user-agent",
    ]

    /// A handshake with a fixed key (tests use the RFC's example key).
    package init(key: String) { self.key = key }

    /// A handshake with a fresh random key.
    package init() {
        var generator = SystemRandomNumberGenerator()
        key = Base64.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// base64(SHA-1(key + the RFC 6455 GUID)): what the server must echo.
    package static func accept(for key: String) -> String {
        Base64.encode(SHA1.hash(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
    }

    /// The GET request upgrading to WebSocket, extra `headers` sorted by name after ours.
    package func request(for url: WebSocketURL, userAgent: String, headers: [String: String]) throws(WebSocketError) -> [UInt8] {
        var lines = [
            "GET \(url.resource) HTTP/1.1", "Host: \(url.hostHeader)", "Upgrade: websocket",
            "Connection: Upgrade", "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        var all = headers
        all["User-Agent"] = userAgent
        for (name, value) in all.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
                throw .invalidOptions("header name \"\(name)\" is not an HTTP token")
            }
            guard name == "User-Agent" || !Self.reserved.contains(name.lowercased()) else {
                throw .invalidOptions("header \(name) is set by the WebSocket handshake itself")
            }
            guard !value.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else {
                throw .invalidOptions("header \(name) has a control character in its value")
            }
            lines.append("\(name): \(value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Throws unless `response` accepts the upgrade for this key.
    package func validate(_ response: WebSocketHandshakeResponse) throws(WebSocketError) {
        guard response.status == 101 else { throw .handshakeStatus(code: response.status, reason: response.reason) }
        guard response["upgrade"]?.lowercased() == "websocket" else {
            throw .handshakeInvalid("101 response without \"Upgrade: websocket\"")
        }
        let connection = response["connection"]?.lowercased().split(separator: ",") ?? []
        guard connection.contains(where: { WebSocketHandshakeResponse.trimmed($0) == "upgrade" }) else {
            throw .handshakeInvalid("101 response without \"Connection: Upgrade\"")
        }
        let expected = Self.accept(for: key)
        let received = response["sec-websocket-accept"] ?? ""
        guard received == expected else { throw .badAccept(expected: expected, received: received) }
        for name in ["sec-websocket-extensions", "sec-websocket-protocol"] {
            if let value = response[name], !value.isEmpty {
                throw .handshakeInvalid("server chose \(name) \"\(value)\" that was not offered")
            }
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
