import Foundation

/// `Tests/Peers/smtp_peer.py` (aiosmtpd), one instance per mode shared by all SMTP tests.
/// Tests find their own message by its unique `Message-ID`.
final class SMTPPeer: Sendable {
    enum Mode: String, Sendable { case plain, starttls, smtps }

    /// One accepted message as the peer recorded it.
    struct Received: Decodable {
        var mail_from: String
        var rcpt_tos: [String]
        var content_b64: String
        var tls: Bool
        var auth_mechanism: String?
        var login: String?
        /// Header fields as Python's `email` package decoded them.
        var headers: [[String]]
        /// The body as Python's `email` package decoded it.
        var body: String
        var defects: [String]

        var content: [UInt8] { [UInt8](Data(base64Encoded: content_b64) ?? Data()) }

        func header(_ name: String) -> [String] {
            headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
        }
    }

    static let user = "alerts@example.test"
    static let password = "s3cret pass:with colon"

    let mode: Mode
    let port: Int
    let directory: URL
    private let process: PeerProcess

    static func shared(_ mode: Mode) async throws -> SMTPPeer {
        try await registry.peer(mode)
    }

    private static let registry = Registry()

    private actor Registry {
        private var peers: [Mode: Task<SMTPPeer, any Error>] = [:]

        func peer(_ mode: Mode) async throws -> SMTPPeer {
            if let existing = peers[mode] { return try await existing.value }
            let task = Task { try await SMTPPeer(mode: mode) }
            peers[mode] = task
            return try await task.value
        }
    }

    /// Starts the peer off the cooperative pool (`PeerProcess` blocks until `READY`).
    private init(mode: Mode) async throws {
        self.mode = mode
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("satwatch-smtp-\(mode.rawValue)-\(UUID().uuidString)")
        var arguments = ["--mode", mode.rawValue, "--out", directory.appendingPathComponent("out").path,
                         "--cleanup", directory.path]
        if mode != .plain {
            arguments += ["--tls-dir", directory.appendingPathComponent("tls").path,
                          "--auth", "\(Self.user):\(Self.password)"]
        }
        let peerArguments = arguments
        process = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "smtp-peer-start").async {
                continuation.resume(with: Result { try PeerProcess(script: "smtp_peer.py", arguments: peerArguments) })
            }
        }
        port = process.port
    }

    var caFile: String { directory.appendingPathComponent("tls/ca.pem").path }

    func url(host: String = "localhost") -> String {
        "\(mode == .smtps ? "smtps" : "smtp")://\(host):\(port)"
    }

    /// The message whose `Message-ID` is `<id>`, if it was accepted.
    func message(id: String) throws -> Received? {
        let folder = directory.appendingPathComponent("out")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let received = try JSONDecoder().decode(Received.self, from: data)
            if received.header("Message-ID") == ["<\(id)>"] { return received }
        }
        return nil
    }
}
