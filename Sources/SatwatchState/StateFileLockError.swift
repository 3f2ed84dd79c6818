/// Why `satwatch run` could not claim its state file.
enum StateFileLockError: Error, CustomStringConvertible, Equatable {
    /// Another worker holds the file; `pid` is the one it wrote (nil if it could not be read).
    case inUse(statePath: String, pid: Int32?)
    /// The lock file could not be opened or locked (permissions, a directory in the way…).
    case failed(path: String, reason: String)

    /// One line for the command line, naming the file.
    var description: String {
        switch self {
        case .inUse(let statePath, let pid?):
            "state file \(statePath) is in use by pid \(pid)"
        case .inUse(let statePath, nil):
            "state file \(statePath) is in use by another process (no pid in \(StateFileLock.lockPath(for: statePath)))"
        case .failed(let path, let reason):
            "cannot lock \(path): \(reason)"
        }
    }
}
