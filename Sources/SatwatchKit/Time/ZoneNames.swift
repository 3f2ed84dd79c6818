import Glibc

/// Zone names near a misspelt one, for "did you mean": the entries of the folder the name
/// points into (`Europe/Berln` → `Europe/*`), or the top-level folders when that folder does
/// not exist either (`Eurpe/Berlin` → `*/Berlin`).
enum ZoneNames {
    /// ` (did you mean "Europe/Berlin"?)` or "".
    static func hint(for name: String, root: String) -> String {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        var parts = name.split(separator: "/").map(String.init)
        guard let last = parts.popLast() else { return "" }
        let folder = parts.joined(separator: "/")
        if let entries = entries(of: folder.isEmpty ? base : base + "/" + folder) {
            return EditDistance.hint(for: name, among: entries.map { folder.isEmpty ? $0 : folder + "/" + $0 })
        }
        guard let top = entries(of: base), parts.count == 1 else { return "" }
        return EditDistance.hint(for: name, among: top.map { $0 + "/" + last })
    }

    /// The names in `path`, without dot files; nil when it is not a readable folder.
    private static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
