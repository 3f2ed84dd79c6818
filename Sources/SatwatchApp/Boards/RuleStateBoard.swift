import SatwatchRules
import Synchronization

/// Each rule's current status, published by the evaluator after every change (for `/metrics`),
/// and every rule's overview, refreshed at start and with each minute's flush (for the page and
/// the API: its levels need the engine's table, too dear to rebuild on every change).
package final class RuleStateBoard: Sendable {
    private let states = Mutex<(statuses: [(rule: String, status: AlertStatus)], overview: [RuleOverview], current: [RuleState])>(([], [], []))

    /// An empty board.
    package init() {}

    /// Rule names and statuses in load order.
    package var snapshot: [(rule: String, status: AlertStatus)] { states.withLock { $0.statuses } }

    /// Every rule in load order, with its state as of the last change.
    package var overview: [RuleOverview] {
        states.withLock { board in
            guard board.overview.count == board.current.count else { return board.overview }
            return zip(board.overview, board.current).map { overview, state in
                var overview = overview
                overview.state = state
                return overview
            }
        }
    }

    /// The rule named `name`, with its state as of the last change; nil when there is none.
    func overview(named name: String) -> RuleOverview? {
        states.withLock { board in
            guard let index = board.overview.firstIndex(where: { $0.name == name }) else { return nil }
            var overview = board.overview[index]
            if board.current.count == board.overview.count { overview.state = board.current[index] }
            return overview
        }
    }

    func publish(_ engine: RuleEngine) {
        let current = zip(engine.rules, engine.states).map { ($0.name, $1.status) }
        let rules = engine.states
        states.withLock { $0.statuses = current; $0.current = rules }
    }

    /// Refreshes the overview (at start and with each flush).
    func publishOverview(_ engine: RuleEngine) {
        let overview = engine.overview
        states.withLock { $0.overview = overview; $0.current = engine.states }
    }
}
