import Foundation

/// A real test peer (a Python server under `Tests/Peers/`) running as a child process.
///
/// The script must print one line `READY <port>` on stdout once it listens; `init` blocks until
/// it does (10 s at most), so async code uses `start` or `shared`, which wait off the
/// cooperative pool. The process ends with `stop()` or when the object goes away; shared peers
/// live until the test process ends (each peer exits when its parent does).
public final class PeerProcess: @unchecked Sendable {
    /// The port the peer listens on, from its READY line.
    public let port: Int
    // `Process` is not Sendable; it is only touched by `init` and `stop()`.
    private let process = Process()
    private let output = Pipe()

    /// Starts `python3 -u Tests/Peers/<script> <arguments>` and waits for its READY line.
    public init(script: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", TestPaths.peers.appendingPathComponent(script).path] + arguments
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
        Self.end(process)
        throw PeerError.notReady(script)
    }

    /// Stops the peer and waits for it to exit.
    public func stop() {
        Self.end(process)
    }

    deinit { stop() }

    /// Terminates `process` and waits for it. A child of the test process may inherit a signal
    /// mask that blocks SIGTERM, so SIGKILL follows when SIGTERM is not enough.
    private static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<20 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The peer exited or stayed silent before printing `READY <port>`.
    public enum PeerError: Error { case notReady(String) }
}
