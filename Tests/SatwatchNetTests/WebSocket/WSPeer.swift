import Foundation
import SatwatchNet
import SatwatchTestSupport

/// `Tests/Peers/ws_peer.py` running for one test, with its event report.
final class WSPeer: Sendable {
    let process: PeerProcess
    let reportFile: URL
    let secure: Bool

    private init(process: PeerProcess, reportFile: URL, secure: Bool) {
        self.process = process
        self.reportFile = reportFile
        self.secure = secure
    }

    /// Starts a peer of its own with `arguments` (waiting for READY off the cooperative pool);
    /// `tls` adds `--tls` with the test certificate.
    static func start(_ arguments: [String], tls: WSCertificates? = nil) async throws -> WSPeer {
        let reportFile = FileManager.default.temporaryDirectory.appendingPathComponent("ws-report-\(UUID().uuidString).jsonl")
        let tlsArguments = tls.map { ["--tls", $0.serverCertificate, $0.serverKey] } ?? []
        let all = ["--report", reportFile.path] + arguments + tlsArguments
        let process = try await PeerProcess.start(script: "ws_peer.py", arguments: all)
        return WSPeer(process: process, reportFile: reportFile, secure: tls != nil)
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(at: reportFile)
    }

    /// `ws(s)://127.0.0.1:<port><path>`.
    func url(_ path: String = "/") -> String {
        "\(secure ? "wss" : "ws")://127.0.0.1:\(process.port)\(path)"
    }

    /// Options for this peer, with a short close timeout so failing tests end quickly.
    func options(_ path: String = "/", caFile: String? = nil) -> WebSocketOptions {
        WebSocketOptions(url: url(path), caFile: caFile, connectTimeout: .seconds(5), closeTimeout: .seconds(3))
    }

    /// The events the peer reported so far (JSON objects, one a line).
    func events() -> [[String: Any]] {
        guard let data = try? Data(contentsOf: reportFile) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }
    }

    /// Waits up to `seconds` for the first reported event named `name`.
    func event(_ name: String, within seconds: Double = 5) async throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = events().first(where: { $0["event"] as? String == name }) { return found }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
