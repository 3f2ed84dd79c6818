import Foundation

/// `Tests/Peers/http_peer.py`, one plain and one TLS instance for all channel tests. Each test
/// takes its own `Endpoint`: a fresh path with its own scripted answers (then 200 "ok") and
/// its own recorded requests.
final class RecordingHTTPPeer: Sendable {
    /// One scripted answer.
    struct Reply: Encodable, Sendable {
        var status: Int
        var headers: [[String]] = []
        var body = ""
        var delay = 0.0
    }

    /// One request as the peer received it.
    struct Recorded: Decodable {
        var method: String
        var path: String
        var headers: [[String]]
        var body_b64: String

        var body: [UInt8] { [UInt8](Data(base64Encoded: body_b64) ?? Data()) }

        /// The first value of header `name`, case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0[0].lowercased() == name.lowercased() }?[1]
        }
    }

    /// A path reserved for one test.
    struct Endpoint: Sendable {
        let peer: RecordingHTTPPeer
        /// `/t/<uuid>`.
        let path: String
        /// `?script=…`, which must be on the first request to the path.
        let query: String

        /// The endpoint's URL with its script: for channels that post to exactly this URL.
        var url: String { base + query }
        /// The endpoint's URL without a query: for channels that append a path (Telegram,
        /// Alertmanager); their requests get the default answer, 200 "ok".
        var base: String { "\(peer.tls ? "https" : "http")://127.0.0.1:\(peer.port)\(path)" }

        /// The requests made under this endpoint's path, oldest first.
        func requests() throws -> [Recorded] {
            try peer.allRequests().filter { $0.path.hasPrefix(path) }
        }
    }

    let tls: Bool
    let port: Int
    private let folder: URL

    /// The shared plain or TLS peer.
    static func shared(tls: Bool = false) async throws -> RecordingHTTPPeer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-channels-http-\(tls)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The peer deletes `folder` (records, test CA keys) when the test process ends.
        var arguments = ["--record", folder.appendingPathComponent("requests.jsonl").path, "--cleanup", folder.path]
        if tls { arguments += ["--tls-dir", folder.appendingPathComponent("tls").path] }
        let server = try await PeerServer.shared(script: "http_peer.py", arguments: arguments)
        return RecordingHTTPPeer(tls: tls, port: server.port, folder: folder)
    }

    private init(tls: Bool, port: Int, folder: URL) {
        self.tls = tls
        self.port = port
        self.folder = folder
    }

    /// The CA that signed the TLS peer's certificate.
    var caFile: String { folder.appendingPathComponent("tls/ca.pem").path }

    /// A fresh path answering `script` in order, then 200 "ok".
    func endpoint(_ script: [Reply] = []) throws -> Endpoint {
        let json = try JSONEncoder().encode(script).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return Endpoint(peer: self, path: "/t/\(UUID().uuidString)", query: "?script=\(json)")
    }

    private func allRequests() throws -> [Recorded] {
        let text = try String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Recorded.self, from: Data($0.utf8)) }
    }
}
