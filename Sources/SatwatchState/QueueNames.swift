/// How a channel's delivery queues are named: after the channel itself, or, for an Alertmanager
/// cluster's `urls`, one per peer (`NAME#1`, `NAME#2`, …). The outbox records deliveries under
/// these names, so whoever asks about a channel (`history`, `retry`, what a new peer is told)
/// maps its name here.
package enum QueueNames {
    /// The most peers a channel may have (`urls`).
    package static let maxPeers = 16

    /// The queue of peer `number` (from 1) of `channel`.
    package static func peer(_ number: Int, of channel: String) -> String { "\(channel)#\(number)" }

    /// Every name a queue of `channel` has or may have had: its own and each possible peer's.
    /// The config may change from `url` to `urls` and back, and peers may be added: what one of
    /// them heard is the channel's history.
    package static func family(of channel: String) -> [String] {
        [channel] + (1...maxPeers).map { peer($0, of: channel) }
    }

    /// Whether `queue` is `channel` itself or one of its peers' queues.
    package static func isQueue(_ queue: String, of channel: String) -> Bool {
        guard queue != channel else { return true }
        let prefix = channel + "#"
        guard queue.hasPrefix(prefix), let number = Int(queue.dropFirst(prefix.count)) else { return false }
        return (1...maxPeers).contains(number) && queue == peer(number, of: channel)
    }
}
