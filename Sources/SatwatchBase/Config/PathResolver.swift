/// Resolves paths written in a file against that file's folder, the way the contract says:
/// relative paths in the config are relative to the config file, not the working directory.
package struct PathResolver: Sendable {
    /// The folder relative paths start from ("" for the working directory).
    package var base: String

    /// A resolver for paths written inside `file`.
    package init(relativeTo file: String) {
        if let slash = file.lastIndex(of: "/") {
            base = String(file[..<slash])
            if base.isEmpty { base = "/" }
        } else {
            base = ""
        }
    }

    /// `path` itself when absolute, else joined to `base` (kept relative when `base` is).
    package func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || base.isEmpty || base == "." { return Self.normalized(path) }
        return Self.normalized(base + "/" + path)
    }

    /// `path` without `.` segments, doubled slashes, or `dir/..` pairs (lexically, as a person
    /// would write it: `deploy/../data/x.db` → `data/x.db`); leading `..` stay.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !path.hasPrefix("/") {  // `/..` is `/`
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}

extension ConfigObject {
    /// Resolves the path `key` holds against the file's folder, reporting it when no file is there.
    package mutating func checkedFile(_ path: String, key: String, paths: PathResolver) -> String {
        let resolved = paths.resolve(path)
        if !FileBytes.exists(resolved) {
            report(key, "no such file \"\(resolved)\"")
        }
        return resolved
    }
}
