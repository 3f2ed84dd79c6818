import FoundationEssentials

/// Resolves paths written in a file against that file's folder, the way the contract says:
/// relative paths in the config are relative to the config file, not the working directory.
public struct PathResolver: Sendable {
    /// The folder relative paths start from ("" for the working directory).
    public var base: String

    /// A resolver for paths written inside `file`.
    public init(relativeTo file: String) {
        if let slash = file.lastIndex(of: "/") {
            base = String(file[..<slash])
            if base.isEmpty { base = "/" }
        } else {
            base = ""
        }
    }

    /// `path` itself when absolute, else joined to `base` (kept relative when `base` is).
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || base.isEmpty || base == "." { return path }
        if path.hasPrefix("./") { return resolve(String(path.dropFirst(2))) }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// Every `*.json` file at `path`: the file itself, or those under the folder, recursively,
    /// in sorted order. Nil when nothing exists there.
    public static func jsonFiles(at path: String) -> [String]? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory else { return [path] }
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: path) else { return [] }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return names.filter { $0.hasSuffix(".json") }.sorted().map { prefix + $0 }
    }
}
