#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SatwatchBase

extension ConfigLoader {
    /// Why the folder of the state file at `path` can neither be found nor created, or nil.
    /// `run` creates missing folders (`ParentDirectory`); `check` only looks, so it creates
    /// nothing, but refuses what `run` would fail on: a file in the way, or a missing folder
    /// whose nearest existing parent cannot be written.
    static func stateFolderProblem(_ path: String) -> String? {
        var folder = parent(of: path)
        var missing: String?
        while true {
            var info = stat()
            if stat(folder, &info) == 0 {
                if info.st_mode & S_IFMT != S_IFDIR {
                    return "cannot create the state file's folder: \"\(folder)\" is not a folder"
                }
                guard let missing else { return nil }
                if access(folder, W_OK | X_OK) != 0 {
                    return "cannot create the state file's folder \"\(missing)\": \(ErrnoText.message(errno))"
                }
                return nil
            }
            let code = errno
            if (code != ENOENT && code != ENOTDIR) || folder == "/" || folder == "." {
                return "cannot reach the state file's folder \"\(folder)\": \(ErrnoText.message(code))"
            }
            missing = folder
            folder = parent(of: folder)
        }
    }

    /// `a/b/c` → `a/b`, `/a` → `/`, `a` → `.`.
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
