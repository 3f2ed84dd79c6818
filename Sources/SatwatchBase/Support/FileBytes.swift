import Glibc

/// Reads whole files with plain POSIX calls, never more than a bound, and only regular files.
///
/// Why not `FileManager.contents(atPath:)`: FoundationEssentials leaks its 4 KiB read buffer
/// on every empty file (found by `fuzz/run` under LeakSanitizer), and config and rule files are
/// read again on every SIGHUP of a worker that runs for months.
///
/// Why bounded: a path is the user's to give (`check -c /dev/zero`, `--env-file` on a FIFO, a
/// rule file that grew by mistake), and a whole-file read of a device never ends and takes
/// every byte of memory the machine has before it fails.
package enum FileBytes {
    /// The most bytes one kind of file may have, and what that kind is called in the message.
    package struct Limit: Sendable, Equatable {
        /// The largest size accepted, in bytes.
        let bytes: Int
        /// The kind of file, as the refusal names it: `a config file`.
        let kind: String

        /// A config file: a hand-written JSON document of a few KiB; 1 MiB is far beyond any.
        package static let config = Limit(bytes: 1 << 20, kind: "a config file")
        /// A systemd `EnvironmentFile` of a few variables, as the config.
        package static let environment = Limit(bytes: 1 << 20, kind: "an env file")
        /// A rule file, hand-written or generated (a thousand rules are about 200 KiB).
        package static let rules = Limit(bytes: 1 << 20, kind: "a rule file")
        /// A rule test file carries its input series: a month of one-minute samples of two
        /// metrics is about 4 MiB, so 16 MiB leaves room without letting a device in.
        package static let ruleTests = Limit(bytes: 16 << 20, kind: "a rule test file")
        /// A TZif file: the largest in tzdata is under 4 KiB (a fat file with every transition
        /// to 2037 stays under 64 KiB); 256 KiB refuses only what is not a zone.
        static let timeZone = Limit(bytes: 256 << 10, kind: "a time zone file")
        /// A recording `replay` reads whole: a day of a busy mempool feed is a few hundred MiB,
        /// and 1 GiB is about what a small machine can hold while replaying it.
        package static let recording = Limit(bytes: 1 << 30, kind: "a recording")
        /// `/proc/locks`, about 60 bytes a lock: 4 MiB is some 70,000 locks held at once.
        package static let procLocks = Limit(bytes: 4 << 20, kind: "the kernel's list of locks")

        /// The size in the largest binary unit that divides it, as people write it: `1 MiB`.
        var sizeText: String {
            for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes % (1 << shift) == 0 {
                return "\(bytes >> shift) \(unit)"
            }
            return "\(bytes) bytes"
        }
    }

    /// Why a file was not read.
    package enum Failure: Error, Equatable {
        /// Opening, inspecting or reading failed with this `errno`.
        case system(Int32)
        /// The path names something other than a regular file (`kind` says what, e.g. `a
        /// character device`): reading `/dev/zero` never ends, a FIFO waits for a writer.
        case notARegularFile(kind: String)
        /// The file holds more than the limit allows.
        case tooLarge(Limit)

        /// What to print after the path, e.g. `not a regular file (a character device)`.
        package var message: String {
            switch self {
            case .system(let code): "cannot read: \(ErrnoText.message(code))"
            case .notARegularFile(let kind): "not a regular file (\(kind))"
            case .tooLarge(let limit): "larger than \(limit.sizeText), the limit for \(limit.kind)"
            }
        }
    }

    /// The whole file at `path` when it is a regular file of at most `limit.bytes` bytes.
    package static func read(_ path: String, limit: Limit) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a FIFO nobody writes to returns at once (then refused below)
        // instead of waiting for a writer; it changes nothing for a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notARegularFile(kind: kind(of: info.st_mode))) }
        guard Int(info.st_size) <= limit.bytes else { return .failure(.tooLarge(limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        // The size can change while we read (a file being written): stop one byte past the limit.
        while bytes.count <= limit.bytes {
            let wanted = min(chunk.count, limit.bytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.system(errno)) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[0..<count]
        }
        return .failure(.tooLarge(limit))
    }

    /// Whether anything is at `path` (a file, a folder, or what a link there points to), as
    /// `FileManager.fileExists(atPath:)` says, with no FoundationEssentials in the binary.
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// What a non-regular file is, in words: `a directory`, `a character device`.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "an unknown kind of file"
        }
    }
}
