import Glibc

/// The zone name closest to a misspelt one, for "did you mean": each folder of the name is
/// matched to the closest folder on disk, then the last part to the closest file there, all
/// ignoring case (`europe/berln` → `Europe/Berlin`, `Eurpe/Berlin` → `Europe/Berlin`).
enum ZoneNames {
    /// ` (did you mean "Europe/Berlin"?)` or "".
    static func hint(for name: String, root: String) -> String {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        var resolved: [String] = []
        for part in name.split(separator: "/").map(String.init) {
            let folder = ([base] + resolved).joined(separator: "/")
            guard let entries = entries(of: folder), let match = closest(to: part, among: entries) else { return "" }
            resolved.append(match)
        }
        let candidate = resolved.joined(separator: "/")
        return candidate.isEmpty || candidate == name ? "" : " (did you mean \"\(candidate)\"?)"
    }

    /// The entry equal to `word` ignoring case, else the closest likely typo.
    private static func closest(to word: String, among entries: [String]) -> String? {
        let lowered = word.lowercased()
        if let same = entries.first(where: { $0.lowercased() == lowered }) { return same }
        guard let match = EditDistance.closest(to: lowered, among: entries.map { $0.lowercased() }) else { return nil }
        return entries.first { $0.lowercased() == match }
    }

    /// Whether the zoneinfo folder `root` is there at all (a minimal container or a system
    /// without the tzdata package has none).
    static func rootExists(_ root: String) -> Bool {
        var info = stat()
        return stat(root, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
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
