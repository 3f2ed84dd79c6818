import Foundation

/// `Tests/Peers/smtp_peer.py` (aiosmtpd), one instance per mode shared by all tests of the run.
/// Tests find their own message by its unique `Message-ID`.
public struct SMTPPeer: Sendable {
    /// The login the TLS peers require.
    public static let user = "alerts@example.test"
    /// The password the TLS peers require.
    public static let password = "s3cret pass:with colon"

    /// How the peer speaks: plain, STARTTLS or implicit TLS.
    public let mode: Mode
    /// The port the peer listens on, on 127.0.0.1.
    public let port: Int
    private let folder: URL

    /// The shared peer of `mode`, started on first use; TLS modes require AUTH with `user` /
    /// `password`.
    public static func shared(_ mode: Mode) async throws -> SMTPPeer {
        let folder = try TestPaths.processFolder("smtp-\(mode.rawValue)")
        // The peer deletes `folder` (messages, test CA keys) when the test process ends.
        var arguments = ["--mode", mode.rawValue, "--out", folder.appendingPathComponent("out").path, "--cleanup", folder.path]
        if mode != .plain {
            arguments += ["--tls-dir", folder.appendingPathComponent("tls").path, "--auth", "\(user):\(password)"]
        }
        let process = try await PeerProcess.shared(script: "smtp_peer.py", arguments: arguments)
        return SMTPPeer(mode: mode, port: process.port, folder: folder)
    }

    /// The CA certificate that signed the TLS peers' certificate.
    public var caFile: String { folder.appendingPathComponent("tls/ca.pem").path }

    /// `smtp://<host>:<port>` (`smtps://` for the implicit-TLS peer).
    public func url(host: String = "localhost") -> String {
        "\(mode == .smtps ? "smtps" : "smtp")://\(host):\(port)"
    }

    /// The accepted message whose `Message-ID` is `<id>`, if any.
    public func message(id: String) throws -> Received? {
        let out = folder.appendingPathComponent("out")
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".json") {
            let received = try JSONDecoder().decode(Received.self, from: Data(contentsOf: out.appendingPathComponent(file)))
            if received.values("Message-ID") == ["<\(id)>"] { return received }
        }
        return nil
    }
}
