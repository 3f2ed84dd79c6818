import Foundation

/// A real test peer (a Python server under `Tests/Peers/`) running as a child process.
///
/// The script must print one line `READY <port>` on stdout once it listens; `start` waits for it
/// (10 s at most). The process is terminated by `stop()` or when the object goes away.
final class PeerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()

    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures` beside the repository.
    static let fixtures: URL = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures")

    /// Starts `python3 Tests/Peers/<script> <arguments>` and waits for its READY line.
    init(script: String, arguments: [String] = []) throws {
        let scriptURL = Self.repositoryRoot.appendingPathComponent("Tests/Peers/\(script)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", scriptURL.path] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let handle = output.fileHandleForReading
        var line = Data()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte.first == UInt8(ascii: "\n") {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("READY "), let port = Int(text.dropFirst(6)) {
                    self.port = port
                    return
                }
                line.removeAll()
            } else {
                line.append(byte)
            }
        }
        process.terminate()
        throw PeerError.notReady(script)
    }

    /// Stops the peer and waits for it to exit. A child of the test process may inherit a
    /// signal mask that blocks SIGTERM, so SIGKILL follows when SIGTERM is not enough.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<20 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    enum PeerError: Error { case notReady(String) }
}
