import Glibc
import SatwatchJSON

/// A JSON file read from disk and parsed with positions, or the diagnostic saying why not.
package struct SourceFile {
    /// The path as it is printed in diagnostics.
    package var path: String
    /// The parsed document.
    package var root: JSONNode

    /// Reads and parses `path`; on failure reports one diagnostic and returns nil: the system's
    /// reason when it cannot be read (`cannot read: Permission denied`), followed by
    /// `hintWhenMissing` when there is no file at all; at 1:1, as `check` shows a problem in a
    /// file, when it is not a regular file or is larger than `limit`.
    package static func load(_ path: String, into log: DiagnosticLog, limit: FileBytes.Limit,
                     hintWhenMissing: String = "") -> SourceFile? {
        let bytes: [UInt8]
        switch FileBytes.read(path, limit: limit) {
        case .success(let read): bytes = read
        case .failure(.system(let code)):
            log.append(Diagnostic(path: path, FileBytes.Failure.system(code).message + (code == ENOENT ? hintWhenMissing : "")))
            return nil
        case .failure(let failure):
            log.report(path, at: .start, failure.message)
            return nil
        }
        do {
            let root = try JSONParser.parse(bytes)
            log.keep(bytes, of: path)
            return SourceFile(path: path, root: root)
        } catch {
            log.report(path, at: error.location, error.message)
            return nil
        }
    }
}
