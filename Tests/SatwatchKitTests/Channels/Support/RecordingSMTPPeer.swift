import Foundation

/// `Tests/Peers/smtp_peer.py` (aiosmtpd), one instance per mode for all channel tests. Tests
/// find their message by its `Message-ID`.
final class RecordingSMTPPeer: Sendable {
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

        var content: String { String(decoding: Data(base64Encoded: content_b64) ?? Data(), as: UTF8.self) }

        func header(_ name: String) -> String? {
            headers.first { $0[0].lowercased() == name.lowercased() }?[1]
        }
    }

    static let user = "alerts@example.test"
    static let password = "s3cret pass:with colon"

    let mode: Mode
    let port: Int
    private let folder: URL

    /// The shared peer of `mode`; TLS modes require AUTH with `user` / `password`.
    static func shared(_ mode: Mode) async throws -> RecordingSMTPPeer {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("satwatch-channels-smtp-\(mode.rawValue)-\(getpid())")
        // The peer deletes `folder` (messages, test CA keys) when the test process ends.
        var arguments = ["--mode", mode.rawValue, "--out", folder.appendingPathComponent("out").path, "--cleanup", folder.path]
        if mode != .plain {
            arguments += ["--tls-dir", folder.appendingPathComponent("tls").path, "--auth", "\(user):\(password)"]
        }
        let server = try await PeerServer.shared(script: "smtp_peer.py", arguments: arguments)
        return RecordingSMTPPeer(mode: mode, port: server.port, folder: folder)
    }

    private init(mode: Mode, port: Int, folder: URL) {
        self.mode = mode
        self.port = port
        self.folder = folder
    }

    var caFile: String { folder.appendingPathComponent("tls/ca.pem").path }

    /// `smtp://localhost:<port>` (`smtps://` for the implicit-TLS peer).
    var url: String { "\(mode == .smtps ? "smtps" : "smtp")://localhost:\(port)" }

    /// The accepted message whose `Message-ID` is `<id>`, if any.
    func message(id: String) throws -> Received? {
        let out = folder.appendingPathComponent("out")
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".json") {
            let received = try JSONDecoder().decode(Received.self, from: Data(contentsOf: out.appendingPathComponent(file)))
            if received.header("Message-ID") == "<\(id)>" { return received }
        }
        return nil
    }
}
