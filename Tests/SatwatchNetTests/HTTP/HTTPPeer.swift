import Foundation

/// `Tests/Peers/http_peer.py`, one plain and one TLS instance shared by all HTTP tests (a
/// Python start costs up to a second on this 2-core machine). Each test works on its own
/// `Endpoint`, a fresh path with its own scripted replies and its own recorded requests.
final class HTTPPeer: Sendable {
    /// One response the peer gives, in script order.
    struct Reply: Encodable {
        var status: Int
        var headers: [[String]] = []
        var body = ""
        var body_size = 0
        var delay = 0.0
    }

    /// One request as the peer saw it.
    struct Recorded: Decodable {
        var method: String
        var path: String
        var headers: [[String]]
        var body_b64: String

        var body: [UInt8] { [UInt8](Data(base64Encoded: body_b64) ?? Data()) }

        /// Values of header `name` (case-insensitive), in order.
        func values(_ name: String) -> [String] {
            headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
        }
    }

    /// A path of the peer reserved for one test.
    struct Endpoint {
        let peer: HTTPPeer
        let path: String
        let query: String

        /// The endpoint's URL; every request to it must use this same URL.
        func url(host: String = "127.0.0.1") -> String {
            "\(peer.tls ? "https" : "http")://\(host):\(peer.port)\(path)\(query)"
        }

        /// The requests made to this endpoint so far, oldest first.
        func requests() throws -> [Recorded] {
            try peer.allRequests().filter { $0.path.hasPrefix(path + "?") || $0.path == path }
        }
    }

    let directory: URL
    let tls: Bool
    let port: Int
    private let process: PeerProcess

    /// The peer for `tls`, started on first use and left running until the test process ends
    /// (the peer exits when its parent does).
    static func shared(tls: Bool = false) async throws -> HTTPPeer {
        try await registry.peer(tls: tls)
    }

    private static let registry = Registry()

    private actor Registry {
        private var peers: [Bool: Task<HTTPPeer, any Error>] = [:]

        func peer(tls: Bool) async throws -> HTTPPeer {
            if let existing = peers[tls] { return try await existing.value }
            let task = Task { try await HTTPPeer(tls: tls) }
            peers[tls] = task
            return try await task.value
        }
    }

    /// Starts a peer. `PeerProcess` blocks while it waits for `READY`, so it runs on a thread
    /// of its own: blocking the two-thread cooperative pool would skew the timing tests.
    private init(tls: Bool) async throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("satwatch-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.tls = tls
        var arguments = ["--record", directory.appendingPathComponent("requests.jsonl").path, "--cleanup", directory.path]
        if tls { arguments += ["--tls-dir", directory.appendingPathComponent("tls").path] }
        let peerArguments = arguments
        process = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "http-peer-start").async {
                continuation.resume(with: Result { try PeerProcess(script: "http_peer.py", arguments: peerArguments) })
            }
        }
        port = process.port
    }

    /// The CA certificate that signed the TLS peer's certificate.
    var caFile: String { directory.appendingPathComponent("tls/ca.pem").path }

    /// A fresh path answering `script` in order, then 200 "ok".
    func endpoint(_ script: [Reply] = []) throws -> Endpoint {
        let json = try JSONEncoder().encode(script).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return Endpoint(peer: self, path: "/t/\(UUID().uuidString)", query: "?script=\(json)")
    }

    private func allRequests() throws -> [Recorded] {
        let text = try String(contentsOf: directory.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONDecoder().decode(Recorded.self, from: Data($0.utf8))
        }
    }
}
