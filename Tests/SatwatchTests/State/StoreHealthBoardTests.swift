@testable import SatwatchBase
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The store's health board keeps the log bounded however the store fails: one `failed` line per
/// error and part per minute, and a `recovered` line only for a failure that was logged.
@Suite struct StoreHealthBoardTests {
    struct Full: Error, CustomStringConvertible { var description: String { "database or disk is full" } }

    /// `steps`: at each second, whether the operation failed (`f`) or got through (`s`); then
    /// how many failed and recovered lines were logged, and whether the part fails at the end.
    @Test(arguments: [
        // A full disk letting one commit through every 5 s, for 65 s: at most one pair a minute.
        (String(repeating: "ffffs", count: 13), 2, 2, false),
        // Failing throughout: one line a minute, no recovery.
        (String(repeating: "f", count: 125), 3, 0, true),
        // One failure, then recovered for good: one pair.
        ("f" + String(repeating: "s", count: 30), 1, 1, false),
        // Two failures over a minute apart, each recovered: two pairs.
        ("fs" + String(repeating: "s", count: 70) + "fs", 2, 2, false),
    ])
    func logsAtABoundedRate(steps: String, failedLines: Int, recoveredLines: Int, failingAtEnd: Bool) {
        let lines = LogLines()
        let board = StoreHealthBoard(logger: Logger(sink: lines.append))
        for (second, step) in steps.enumerated() {
            let now = Timestamp(milliseconds: Int64(second) * 1000)
            if step == "f" { board.failed("evaluator commits", Full(), at: now) } else { board.succeeded("evaluator commits", at: now) }
        }
        #expect(lines.all.filter { $0.contains("state store failed") }.count == failedLines)
        #expect(lines.all.filter { $0.contains("state store recovered") }.count == recoveredLines)
        #expect(board.failing.isEmpty == !failingAtEnd)
        #expect(board.errorsTotal == steps.filter { $0 == "f" }.count)
    }
}
