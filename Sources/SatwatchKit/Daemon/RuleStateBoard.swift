import Synchronization

/// Each rule's current status, published by the evaluator after every change for `/metrics`.
public final class RuleStateBoard: Sendable {
    private let states = Mutex<[(rule: String, status: AlertStatus)]>([])

    /// An empty board.
    public init() {}

    /// Rule names and statuses in load order.
    public var snapshot: [(rule: String, status: AlertStatus)] { states.withLock { $0 } }

    func publish(_ engine: RuleEngine) {
        let current = zip(engine.rules, engine.states).map { ($0.name, $1.status) }
        states.withLock { $0 = current }
    }
}
