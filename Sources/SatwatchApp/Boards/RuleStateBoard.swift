import SatwatchRules
import Synchronization

/// Each rule's current status, published by the evaluator after every change (for `/metrics`),
/// and every rule's overview, refreshed at start and with each minute's flush (for the page and
/// the API: its levels need the engine's table, too dear to rebuild on every change).
///
/// A change publishes only the rules it changed (`publish(_:)` with the changes), not every
/// rule: with 1,000 rules, copying them all on each change cost a pass over 1,000 names and a
/// copy of 1,000 states on the evaluator's thread.
package final class RuleStateBoard: Sendable {
    /// What the board holds; `statuses`, `current` and `overview` are in load order.
    private struct Published {
        var statuses: [(rule: String, status: AlertStatus)] = []
        var overview: [RuleOverview] = []
        var current: [RuleState] = []
        /// Each rule's place in load order, by name.
        var indices: [String: Int] = [:]
        /// The feeds' built-in `feed-stale:` alerts, each with its latest state.
        var feeds: [RuleOverview] = []
    }

    private let states = Mutex(Published())

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

    /// Every rule, then each feed's `feed-stale:` alert: what the API lists (the page shows the
    /// feeds apart, with their health).
    var overviewWithFeeds: [RuleOverview] {
        overview + states.withLock { $0.feeds }
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

    /// Publishes every rule of `engine` and the feeds' alerts (at start: a new engine may have
    /// other rules, a new config other feeds).
    package func publish(_ engine: RuleEngine, feeds: [RuleOverview] = []) {
        let current = zip(engine.rules, engine.states).map { ($0.name, $1.status) }
        let rules = engine.states
        let indices = Dictionary(engine.rules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        states.withLock { $0.statuses = current; $0.current = rules; $0.indices = indices; $0.feeds = feeds }
    }

    /// Publishes the rules and feed alerts `changes` changed, each with its latest state and
    /// criterion. A feed's alert stays out of `snapshot`: `/metrics` has the feeds' own series.
    package func publish(_ changes: [RuleChange]) {
        states.withLock { board in
            for change in changes {
                if let index = board.indices[change.rule] {
                    board.statuses[index].status = change.state.status
                    if index < board.current.count { board.current[index] = change.state }
                    // A compound's values as it decided, not as the last flush saw them.
                    if let criterion = change.criterion, index < board.overview.count { board.overview[index].criterion = criterion }
                } else if let index = board.feeds.firstIndex(where: { $0.name == change.rule }) {
                    board.feeds[index].state = change.state
                }
            }
        }
    }

    /// Refreshes the overview (at start and with each flush).
    func publishOverview(_ engine: RuleEngine) {
        let overview = engine.overview
        states.withLock { $0.overview = overview; $0.current = engine.states }
    }
}
