import Foundation

/// `Tests/Peers/socks_peer.py`, a SOCKS5 proxy of one test's own, and what passed through it.
public final class SOCKSPeer: Sendable {
    /// One event the proxy recorded (see the script): a CONNECT, an HTTP request line through a
    /// tunnel, a closed tunnel.
    public struct Event: Sendable, Decodable, Equatable {
        /// `connect`, `request`, `closed` or `refused`.
        public var event: String
        /// The tunnel it belongs to.
        public var id: Int?
        /// A CONNECT's target host, as the client named it.
        public var target: String?
        /// A CONNECT's target port.
        public var port: Int?
        /// `domain` (the proxy resolved the name: socks5h), `ipv4` or `ipv6`.
        public var atyp: String?
        /// An HTTP request line sent through the tunnel, e.g. `GET /api/v1/ws HTTP/1.1`.
        public var line: String?
    }

    private let process: PeerProcess
    private let record: URL

    private init(process: PeerProcess, record: URL) {
        self.process = process
        self.record = record
    }

    /// Starts a proxy for one test (waiting for READY off the cooperative pool).
    public static func start() async throws -> SOCKSPeer {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("socks-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: record.path, contents: nil)
        let process = try await PeerProcess.start(script: "socks_peer.py", arguments: ["--record", record.path])
        return SOCKSPeer(process: process, record: record)
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(at: record)
    }

    /// `socks5h://127.0.0.1:<port>` (names resolved at the proxy), or `socks5://…` when
    /// `remoteNames` is false.
    public func url(remoteNames: Bool = true) -> String {
        "\(remoteNames ? "socks5h" : "socks5")://127.0.0.1:\(process.port)"
    }

    /// Every complete event so far, oldest first.
    public func events() -> [Event] {
        guard let data = try? Data(contentsOf: record) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? JSONDecoder().decode(Event.self, from: Data($0)) }
    }

    /// Waits for an event that `matches` (see `Eventually`); nil when none came.
    public func event(where matches: (Event) -> Bool) async throws -> Event? {
        var found: Event?
        try await Eventually.wait {
            found = events().first(where: matches)
            return found != nil
        }
        return found
    }
}
