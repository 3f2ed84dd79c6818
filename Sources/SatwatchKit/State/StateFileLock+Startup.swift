import Dispatch

extension StateFileLock {
    /// What `run` does before it opens the store: claims the state file, then checks it
    /// (`StateStore.checkIntegrity`), on a thread of its own since both may block (reading a
    /// large file, waiting for a holder's pid) and the cooperative pool must not.
    ///
    /// - Throws: `StateFileLockError` when another worker holds the file, `StateStoreError`
    ///   when it is damaged or unreadable (the claim is given up then).
    static func claimChecked(statePath: String) async throws -> StateFileLock {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "satwatch.state-claim").async {
                continuation.resume(with: Result {
                    let lock = try acquire(statePath: statePath)
                    try StateStore.checkIntegrity(path: statePath)
                    return lock
                })
            }
        }
    }
}
