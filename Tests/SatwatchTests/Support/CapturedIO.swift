@testable import SatwatchApp
import Synchronization

/// A `CommandIO` that keeps what a command prints, for in-process command tests.
final class CapturedIO: Sendable {
    private let outLines = Mutex<[String]>([])
    private let errLines = Mutex<[String]>([])
    let environment: [String: String]

    init(environment: [String: String] = [:]) { self.environment = environment }

    var io: CommandIO {
        CommandIO(out: { line in self.outLines.withLock { $0.append(contentsOf: line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) } },
                  err: { line in self.errLines.withLock { $0.append(line) } },
                  environment: environment)
    }

    var out: [String] { outLines.withLock { $0 } }
    var err: [String] { errLines.withLock { $0 } }
}
