/// Why the state file could not be opened or used. Every case names the file, because the
/// reader is an operator looking at one log line.
public enum StateStoreError: Error, CustomStringConvertible, Equatable {
    /// The file's schema is newer than this build understands (written by a later satwatch).
    case newerSchema(path: String, found: Int64, known: Int64)
    /// The parent directory is missing and could not be created.
    case cannotCreateDirectory(path: String, directory: String, reason: String)
    /// The file cannot be opened or read as a satwatch state file (unreadable, not a database,
    /// corrupt, locked for longer than the busy timeout…).
    case unusable(path: String, reason: String)

    /// One line for logs and the command line, naming the file.
    public var description: String {
        switch self {
        case .newerSchema(let path, let found, let known):
            "state file \(path) has schema version \(found); this satwatch knows up to \(known)"
        case .cannotCreateDirectory(let path, let directory, let reason):
            "cannot create directory \(directory) for state file \(path): \(reason)"
        case .unusable(let path, let reason):
            "cannot use state file \(path): \(reason)"
        }
    }
}
