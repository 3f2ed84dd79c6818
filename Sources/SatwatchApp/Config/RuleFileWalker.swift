import Glibc
import SatwatchBase

/// Finds the rule files under the `rules` paths the way people store them: every `*.json`,
/// following symbolic links to folders (each folder and file is read once, by device and inode,
/// so a link loop ends) but never to a folder that encloses the link (`rules/loop -> ..` would
/// read the config and everything beside it), skipping names that start with `.` at every level (editor lock files
/// such as `.#a.json`; a Kubernetes ConfigMap's `..data` and `..2025_…` folders, whose files are
/// reached through the top-level links instead), and warning about links that lead nowhere.
///
/// Files come in a deterministic order: depth first, each folder's names in byte order.
struct RuleFileWalker {
    /// The files found so far, as the user can find them (the root path joined with names).
    private(set) var files: [String] = []
    /// What was skipped and why, in the order found.
    private(set) var warnings: [LoadWarning] = []
    /// Everything already taken, so a file or folder reached twice is read once.
    private var seen: Set<Identity> = []

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Walks `path` (a file or folder), adding its rule files. False when nothing exists there
    /// (not even through its link), which the config reports as an error rather than a warning.
    mutating func walk(_ path: String) -> Bool {
        guard let info = Self.status(path) else { return false }
        if Self.isFolder(info) {
            visit(folder: path, info: info, ancestors: [:])
        } else {
            take(file: path, info: info)
        }
        return true
    }

    private mutating func visit(folder: String, info: stat, ancestors: [Identity: String]) {
        let identity = Self.identity(info)
        guard seen.insert(identity).inserted else { return }
        var ancestors = ancestors
        ancestors[identity] = folder
        guard let names = Self.names(in: folder) else {
            warnings.append(LoadWarning(path: folder, "cannot read folder (\(ErrnoText.message(errno))), skipped"))
            return
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for name in names where !name.hasPrefix(".") {
            let path = prefix + name
            guard let info = Self.status(path) else {
                warnings.append(LoadWarning(path: path, Self.brokenLinkMessage(path, error: errno)))
                continue
            }
            if Self.isFolder(info) {
                if let loop = ancestors[Self.identity(info)] {
                    warnings.append(LoadWarning(path: path, "symbolic link loops back to \"\(loop)\", skipped"))
                } else if Self.encloses(info, folder), let target = Self.linkTarget(path) {
                    warnings.append(LoadWarning(path: path, "symbolic link to an enclosing folder (\"\(target)\"), skipped"))
                } else {
                    visit(folder: path, info: info, ancestors: ancestors)
                }
            } else if name.hasSuffix(".json"), info.st_mode & S_IFMT == S_IFREG {
                take(file: path, info: info)
            }
        }
    }

    private mutating func take(file path: String, info: stat) {
        if seen.insert(Self.identity(info)).inserted { files.append(path) }
    }

    /// The entry's status through any links; nil (with `errno` set) when it cannot be reached.
    private static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    private static func isFolder(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }

    /// Whether the folder `info` is `folder` or one of the folders that hold it on disk (walking
    /// `..` up to the root), the walk's own ancestors or not.
    private static func encloses(_ info: stat, _ folder: String) -> Bool {
        let target = identity(info)
        var path = folder
        guard var current = status(path).map(identity) else { return false }
        // The root is its own parent; the bound only guards against a file system that lies.
        for _ in 0..<256 {
            if current == target { return true }
            path += "/.."
            guard let parent = status(path).map(identity), parent != current else { return false }
            current = parent
        }
        return false
    }

    private static func identity(_ info: stat) -> Identity {
        Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Why `path`, listed in its folder, cannot be reached: a link to nothing, a link cycle, or
    /// (raced away or unreadable) the system's reason.
    private static func brokenLinkMessage(_ path: String, error: Int32) -> String {
        guard let target = linkTarget(path) else { return "cannot read (\(ErrnoText.message(error))), skipped" }
        if error == ENOENT { return "dangling symbolic link (to \"\(target)\"), skipped" }
        return "symbolic link (to \"\(target)\") cannot be followed (\(ErrnoText.message(error))), skipped"
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder's entry names in byte order, without `.` and `..`; nil (with `errno` set) when
    /// it cannot be read.
    private static func names(in folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
