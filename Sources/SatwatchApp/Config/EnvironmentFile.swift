import Glibc
import SatwatchBase

/// `--env-file FILE`: variables from a systemd `EnvironmentFile` (see
/// ``EnvironmentFileParser``), so a command sees the secrets the unit sees.
enum EnvironmentFile {
    /// Why a file gave no variables.
    enum Failure: Error, Equatable {
        /// Opening or reading failed (`errno`), or the path is not a regular file of at most
        /// ``FileBytes/Limit/environment``.
        case unreadable(path: String, FileBytes.Failure)
        /// The file has problems, each at `path:line:column`.
        case invalid([Diagnostic])

        /// The lines to print.
        var lines: [String] {
            switch self {
            case .unreadable(let path, .system(let code)): ["cannot read env file \(path): \(ErrnoText.describe(code))"]
            case .unreadable(let path, let failure): ["cannot read env file \(path): \(failure.message)"]
            case .invalid(let problems): problems.map(\.description)
            }
        }
    }

    /// The variables of the file at `path`.
    static func load(_ path: String) -> Result<[String: String], Failure> {
        let bytes: [UInt8]
        switch FileBytes.read(path, limit: .environment) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(.unreadable(path: path, failure))
        }
        let parser = EnvironmentFileParser.parse(bytes, path: path)
        return parser.problems.isEmpty ? .success(parser.variables) : .failure(.invalid(parser.problems))
    }

    /// `environment` with the file's variables added; a variable set in both takes the file's
    /// value, as under the unit (whose environment holds the file's values, not a shell's).
    static func merge(_ file: [String: String], over environment: [String: String]) -> [String: String] {
        environment.merging(file) { _, fromFile in fromFile }
    }
}
