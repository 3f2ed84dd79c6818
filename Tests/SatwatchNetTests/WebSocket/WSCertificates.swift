import Foundation
import SatwatchTestSupport

/// A throw-away CA and a server certificate for 127.0.0.1/localhost it signed, made with the
/// `openssl` command once per test run in a temporary folder (private keys are never committed).
struct WSCertificates: Sendable {
    let caCertificate: String
    let serverCertificate: String
    let serverKey: String

    /// The run's certificates, made once; nil (and the TLS tests fail on `#require`) when
    /// openssl failed. A task, so tests await it instead of blocking a cooperative thread.
    static let shared = Task<WSCertificates?, Never> { try? await generate() }

    private static func generate() async throws -> WSCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ws-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try """
            subjectAltName=IP:127.0.0.1,DNS:localhost
            basicConstraints=CA:FALSE
            extendedKeyUsage=serverAuth

            """.write(toFile: path("server.ext"), atomically: true, encoding: .utf8)
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try await openssl(["req", "-x509"] + curve + ["-keyout", path("ca.key"), "-out", path("ca.pem"),
                    "-days", "2", "-subj", "/CN=satwatch test CA"])
        try await openssl(["req"] + curve + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"])
        try await openssl(["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                     "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", path("server.ext")])
        return WSCertificates(caCertificate: path("ca.pem"), serverCertificate: path("server.pem"), serverKey: path("server.key"))
    }

    private struct OpenSSLFailed: Error { let arguments: [String] }

    private static func openssl(_ arguments: [String]) async throws {
        guard try await ChildProcess.run(["openssl"] + arguments).status == 0 else {
            throw OpenSSLFailed(arguments: arguments)
        }
    }
}
