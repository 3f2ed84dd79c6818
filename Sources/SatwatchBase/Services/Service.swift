/// A long-running part of the daemon (a feed, the evaluator, the dispatcher, the HTTP endpoint).
/// `run` returns when its task is cancelled (graceful shutdown) or throws on a fatal error.
package protocol Service: Sendable {
    /// Name for logs.
    var name: String { get }
    /// Runs until cancelled.
    func run() async throws
}
