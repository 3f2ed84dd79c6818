import SatwatchBase
import SQLiteKit
import SatwatchRules

/// What a delivery stage may ask the state file, inside the dispatcher's step that holds it. The
/// state layer implements it (`StateStore`); a stage takes it as its only view of the file, so
/// a stage that reads state is its own file. The named questions are shared with commands and
/// tests; a stage with a question of its own asks it through `read`, its query beside it.
package protocol DeliveryStateReading {
    /// The silences not ended at `now`.
    func unendedSilences(at now: Timestamp) throws -> [Silence]
    /// What became of the firing that `resolved` resolves on `channel` (`OutboxStore.firingOutcome`).
    func firingOutcome(of resolved: Notification, channel: String) throws -> OutboxState?
    /// How many messages `channel`'s receiver got after `since` (a group counted once).
    func sentMessageCount(channel: String, since: Timestamp) throws -> Int
    /// Whether a later pending entry of `entry`'s alert waits behind it on `channel`.
    func hasLaterPending(than entry: OutboxEntry, channel: String) throws -> Bool
    /// The rows of read-only query `sql` (its `?1`, `?2`, … bound to `arguments` in order), each
    /// made by `row` from the statement standing on it.
    func read<Row>(_ sql: String, _ arguments: [StateArgument], row: (SQLiteStatement) throws -> Row) throws -> [Row]
}

/// A value bound to a stage's own query.
package enum StateArgument: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    case time(Timestamp)
}

extension StateStore: DeliveryStateReading {
    package func unendedSilences(at now: Timestamp) throws -> [Silence] { try silences.list(endingAfter: now) }

    package func firingOutcome(of resolved: Notification, channel: String) throws -> OutboxState? {
        try outbox.firingOutcome(of: resolved, channel: channel)
    }

    package func sentMessageCount(channel: String, since: Timestamp) throws -> Int {
        try outbox.sentMessageCount(channel: channel, since: since)
    }

    package func hasLaterPending(than entry: OutboxEntry, channel: String) throws -> Bool {
        try outbox.hasLaterPending(than: entry.id, rule: entry.notification.rule, channel: channel)
    }

    package func read<Row>(_ sql: String, _ arguments: [StateArgument], row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        let statement = try connection.cached(sql)
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            switch argument {
            case .text(let text): try statement.bind(index, text)
            case .integer(let number): try statement.bind(index, number)
            case .time(let time): try statement.bind(index, time)
            }
        }
        return try statement.query(row)
    }
}
