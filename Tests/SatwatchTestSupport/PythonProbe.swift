import Foundation

/// Python's zlib, xml and email as an independent second opinion on the chart and PNG code: the bytes under
/// test go to temporary files, a short script given with `-c` reads them and prints what it found.
public enum PythonProbe {
    /// Runs `script` with the paths of `files` (written in order) as `sys.argv[1...]`, then the
    /// path of `outputs` more files it may write; returns its standard output and those files.
    public static func run(_ script: String, files: [[UInt8]], outputs: Int = 0) async throws -> (text: String, outputs: [[UInt8]]) {
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

    /// Decodes `png` with Python and returns its RGB pixels and `width height type chunks`.
    public static func decodedPNG(_ png: [UInt8]) async throws -> (summary: String, rgb: [UInt8]) {
        let result = try await run(decodePNG, files: [png], outputs: 1)
        return (result.text, result.outputs[0])
    }

    public struct ProbeError: Error, CustomStringConvertible {
        public var description: String
    }
}
