#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SatwatchBase

/// Creates the directories above a file path (`mkdir -p` of its parent), so a configured
/// `"state": "data/satwatch.db"` works on a fresh checkout.
enum ParentDirectory {
    /// Creates every missing directory above `path`.
    static func create(for path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let directory = String(path[..<slash])
        var prefix = ""
        for (index, component) in directory.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { prefix += "/" }
            prefix += component
            if component.isEmpty || component == "." || component == ".." { continue }
            guard mkdir(prefix, 0o755) != 0 else { continue }
            let code = errno
            // EEXIST also covers a plain file in the way; opening the database then reports it.
            if code == EEXIST { continue }
            throw StateStoreError.cannotCreateDirectory(path: path, directory: prefix,
                                                        reason: ErrnoText.message(code))
        }
    }
}
