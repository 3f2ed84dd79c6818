import Synchronization

/// The lines a logger under test wrote, in order: pass `append` as its sink.
package final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    package init() {}

    /// Every line so far.
    package var all: [String] { lines.withLock { $0 } }

    /// Takes one line (a logger's sink).
    @Sendable package func append(_ line: String) { lines.withLock { $0.append(line) } }
}
