#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SatwatchBase

extension ConfigLoader {
    /// Why `"state"` (`written` as in the file, `path` resolved) cannot be the state file, or
    /// nil: it must name a file, not nothing or a folder (`run` would fail to lock it and leave
    /// a stray `.lock` beside it), in a folder that exists or can be created.
    static func stateProblem(written: String, path: String) -> String? {
        if written.isEmpty { return "\"state\" must name a file, e.g. \"data/satwatch.db\"" }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            let example = path == "/" ? "/satwatch.db" : path + "/satwatch.db"
            return "\"state\" must name a file: \"\(path)\" is a folder (e.g. \"\(example)\")"
        }
        return stateFolderProblem(path)
    }

    /// Why the folder of the state file at `path` can neither be found nor created, or nil.
    /// `run` creates missing folders (`ParentDirectory`); `check` only looks, so it creates
    /// nothing, but refuses what `run` would fail on: a file in the way, or a missing folder
    /// whose nearest existing parent cannot be written.
    private static func stateFolderProblem(_ path: String) -> String? {
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
