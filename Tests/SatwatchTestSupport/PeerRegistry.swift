/// The shared peers of a test run, one per script and arguments. Holding the start task (not
/// the peer) lets concurrent first users wait for the same start instead of racing two peers.
actor PeerRegistry {
    private var peers: [[String]: Task<PeerProcess, any Error>] = [:]

    /// The peer for `script` and `arguments`, started by the first caller.
    func peer(script: String, arguments: [String]) async throws -> PeerProcess {
        let key = [script] + arguments
        if let existing = peers[key] { return try await existing.value }
        let task = Task { try await PeerProcess.start(script: script, arguments: arguments) }
        peers[key] = task
        return try await task.value
    }
}
