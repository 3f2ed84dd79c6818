import Glibc

/// Reads whole files with plain POSIX calls.
///
/// Why not `FileManager.contents(atPath:)`: FoundationEssentials leaks its 4 KiB read buffer
/// on every empty file (found by `fuzz/run` under LeakSanitizer), and config and rule files are
/// read again on every SIGHUP of a worker that runs for months.
enum FileBytes {
    /// The whole file, or nil when it cannot be opened or read (`errno` says why).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
