import Foundation
import SatwatchTestSupport

/// Python's zlib and xml as an independent second opinion on the chart code: the bytes under
/// test go to temporary files, a short script given with `-c` reads them and prints what it found.
enum PythonProbe {
    /// Runs `script` with the paths of `files` (written in order) as `sys.argv[1...]`, then the
    /// path of `outputs` more files it may write; returns its standard output and those files.
    static func run(_ script: String, files: [[UInt8]], outputs: Int = 0) async throws -> (text: String, outputs: [[UInt8]]) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, bytes) in files.enumerated() {
            let url = folder.appendingPathComponent("in\(index)")
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        let outputPaths = (0..<outputs).map { folder.appendingPathComponent("out\($0)").path }
        let result = try await ChildProcess.run([TestPaths.python, "-c", script] + paths + outputPaths, stderr: .inherit)
        guard result.status == 0 else { throw ProbeError(description: "python exited \(result.status): \(result.output)") }
        let written = try outputPaths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        return (result.output.trimmingCharacters(in: .whitespacesAndNewlines), written)
    }

    struct ProbeError: Error, CustomStringConvertible {
        var description: String
    }
}
