import Glibc
import SatwatchJSON

/// A JSON file read from disk and parsed with positions, or the diagnostic saying why not.
public struct SourceFile {
    /// The path as it is printed in diagnostics.
    public var path: String
    /// The parsed document.
    public var root: JSONNode

    /// Reads and parses `path`; on failure reports one diagnostic and returns nil: the system's
    /// reason when it cannot be read (`cannot read: Permission denied`), followed by
    /// `hintWhenMissing` when there is no file at all.
    public static func load(_ path: String, into log: DiagnosticLog, hintWhenMissing: String = "") -> SourceFile? {
        guard let bytes = FileBytes.read(path) else {
            let code = errno
            log.append(Diagnostic(path: path, "cannot read: \(ErrnoText.message(code))" + (code == ENOENT ? hintWhenMissing : "")))
            return nil
        }
        do {
            return SourceFile(path: path, root: try JSONParser.parse(bytes))
        } catch {
            log.report(path, at: error.location, error.message)
            return nil
        }
    }
}
