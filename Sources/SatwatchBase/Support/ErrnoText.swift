import Glibc

/// `errno` as people search for it: the message and the symbolic name, e.g.
/// `Permission denied (EACCES)`. Glibc's `strerrorname_np` is not visible to Swift here.
package enum ErrnoText {
    /// The message and the name, e.g. `Permission denied (EACCES)`.
    package static func describe(_ code: Int32) -> String {
        let message = self.message(code)
        return names[code].map { "\(message) (\($0))" } ?? "\(message) (errno \(code))"
    }

    /// The message alone, e.g. `Permission denied`.
    package static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The codes opening and reading a file can give.
    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EACCES: "EACCES", EISDIR: "EISDIR",
        ENOTDIR: "ENOTDIR", ELOOP: "ELOOP", ENAMETOOLONG: "ENAMETOOLONG", EMFILE: "EMFILE",
        ENFILE: "ENFILE", ENOMEM: "ENOMEM", EINVAL: "EINVAL", ENXIO: "ENXIO", EFBIG: "EFBIG",
    ]
}
