/// Waiting for an event the code under test shows (a count it keeps, a state it reports, a line
/// it logs), polled: how a test learns that something happened, or that the point after which
/// something must not happen has passed, without guessing how long that takes. The event takes
/// milliseconds; a loaded two-core machine running the whole suite has taken over 10 s to
/// schedule it, so the wait lasts up to a minute, far from both.
package enum Eventually {
    /// Polls `condition` every 10 ms until it holds or `limit` has passed; whether it held.
    @discardableResult
    package static func wait(upTo limit: Duration = .seconds(60), _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while try !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }
}
