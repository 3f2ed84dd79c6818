import Glibc

/// A file as the file system knows it (device and inode), whatever path reaches it: two paths
/// name the same file when their identities are equal, and a path whose identity changed now
/// names another file.
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    /// The identity of the file at `path` (links followed); nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file open at `descriptor`; nil when it cannot be read.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    private init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
