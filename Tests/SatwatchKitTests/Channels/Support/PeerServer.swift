import Foundation

/// A Python test peer under `Tests/Peers/` running as a child process. It must print
/// `READY <port>` once listening. Peers are shared: one per script and arguments for the whole
/// test run (a Python start costs up to a second here); each exits when the test process does.
/// (SatwatchNetTests has a similar helper; test targets cannot share files.)
final class PeerServer: @unchecked Sendable {
    let port: Int
    private let process = Process()

    /// The running peer for `script` and `arguments`, started on first use.
    static func shared(script: String, arguments: [String]) async throws -> PeerServer {
        try await registry.peer(script: script, arguments: arguments)
    }

    private static let registry = Registry()

    private actor Registry {
        private var peers: [[String]: Task<PeerServer, any Error>] = [:]

        func peer(script: String, arguments: [String]) async throws -> PeerServer {
            let key = [script] + arguments
            if let existing = peers[key] { return try await existing.value }
            // Waiting for READY blocks: do it on a thread of its own, not the cooperative pool.
            let task = Task {
                try await withCheckedThrowingContinuation { continuation in
                    DispatchQueue(label: "peer-start").async {
                        continuation.resume(with: Result { try PeerServer(script: script, arguments: arguments) })
                    }
                }
            }
            peers[key] = task
            return try await task.value
        }
    }

    private init(script: String, arguments: [String]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", TestPaths.repositoryRoot.appendingPathComponent("Tests/Peers/\(script)").path]
            + arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let handle = output.fileHandleForReading
        var line = Data()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte.first != UInt8(ascii: "\n") { line.append(byte); continue }
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("READY "), let port = Int(text.dropFirst(6)) {
                self.port = port
                return
            }
            line.removeAll()
        }
        process.terminate()
        throw PeerError.notReady(script)
    }

    enum PeerError: Error { case notReady(String) }
}
