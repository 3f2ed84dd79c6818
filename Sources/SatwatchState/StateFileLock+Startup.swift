import Dispatch

extension StateFileLock {
    /// What `run` does before its services open the store: claims the state file, checks it
    /// (`StateStore.checkIntegrity`), then creates or migrates it once, so that the services'
    /// connections never race to migrate a file (one of them would fail with "database is
    /// locked"). On a thread of its own: all of it may block, and the cooperative pool must not.
    ///
    /// - Throws: `StateFileLockError` when another worker holds the file, `StateStoreError`
    ///   when it is damaged or unreadable (the claim is given up then).
    package static func claimChecked(statePath: String) async throws -> StateFileLock {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "satwatch.state-claim").async {
                continuation.resume(with: Result {
                    let lock = try acquire(statePath: statePath)
                    try StateStore.checkIntegrity(path: statePath)
                    _ = try StateStore.open(path: statePath)
                    return lock
                })
            }
        }
    }
}
