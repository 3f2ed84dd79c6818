import Foundation

/// `Tests/Peers/http_peer.py`, one plain and one TLS instance shared by all tests of the run.
/// Each test works on its own `Endpoint`: a fresh path with its own scripted replies (then
/// 200 "ok") and its own recorded requests.
public struct HTTPPeer: Sendable {
    /// Whether the peer speaks HTTPS (with a test CA, see `caFile`).
    public let tls: Bool
    /// The port the peer listens on, on 127.0.0.1.
    public let port: Int
    private let folder: URL

    /// The shared plain or TLS peer, started on first use.
    public static func shared(tls: Bool = false) async throws -> HTTPPeer {
        let folder = try TestPaths.processFolder("http-\(tls ? "tls" : "plain")")
        // The peer deletes `folder` (records, test CA keys) when the test process ends.
        var arguments = ["--record-dir", folder.appendingPathComponent("requests").path, "--cleanup", folder.path]
        if tls { arguments += ["--tls-dir", folder.appendingPathComponent("tls").path] }
        let process = try await PeerProcess.shared(script: "http_peer.py", arguments: arguments)
        return HTTPPeer(tls: tls, port: process.port, folder: folder)
    }

    /// The CA certificate that signed the TLS peer's certificate.
    public var caFile: String { folder.appendingPathComponent("tls/ca.pem").path }

    /// A fresh path answering `script` in order, then 200 "ok".
    public func endpoint(_ script: [Reply] = []) throws -> Endpoint {
        // The peer reads the script from the first request's query, as base64url without padding.
        let json = try JSONEncoder().encode(script).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return Endpoint(peer: self, path: "/t/\(UUID().uuidString)", query: "?script=\(json)")
    }

    /// The requests the peer recorded under `/t/<id>`, oldest first. The peer keeps each such
    /// path's in a file of its own: a test that polls its requests reads only those, not every
    /// other test's (some carry megabytes), which on two cores starved the suite's other tasks.
    func requests(id: String) throws -> [Recorded] {
        let text: String
        do {
            text = try String(contentsOf: folder.appendingPathComponent("requests/\(id).jsonl"), encoding: .utf8)
        } catch CocoaError.fileReadNoSuchFile {
            return []  // no request under this path yet
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The last piece is "" after a complete line, or a record the peer is still writing: it
        // records before it answers, so a request whose answer has arrived is always complete.
        lines.removeLast()
        return try lines.map { try JSONDecoder().decode(Recorded.self, from: Data($0.utf8)) }
    }
}
