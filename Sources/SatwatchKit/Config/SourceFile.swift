import FoundationEssentials
import SatwatchJSON

/// A JSON file read from disk and parsed with positions, or the diagnostic saying why not.
public struct SourceFile {
    /// The path as it is printed in diagnostics.
    public var path: String
    /// The parsed document.
    public var root: JSONNode

    /// Reads and parses `path`; on failure reports one diagnostic and returns nil.
    public static func load(_ path: String, into log: DiagnosticLog) -> SourceFile? {
        guard let bytes = FileBytes.read(path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            log.report(path, at: .start, exists ? "cannot read file" : "no such file")
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
