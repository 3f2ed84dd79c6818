import SatwatchBase

/// One doorbell per channel: whoever commits new entries rings those of the channels they go to,
/// so only those workers look at the state file; a worker waits on its own.
package final class ChannelBells: Sendable {
    private let bells: [String: Doorbell]

    /// Bells for `channels`.
    init(_ channels: some Sequence<String>) {
        bells = Dictionary(uniqueKeysWithValues: channels.map { ($0, Doorbell()) })
    }

    /// `channel`'s bell (a fresh one nobody rings for an unknown channel).
    subscript(channel: String) -> Doorbell { bells[channel] ?? Doorbell() }

    /// Rings the bells of `channels`.
    package func ring(_ channels: some Sequence<String>) {
        for channel in channels { bells[channel]?.ring() }
    }

    /// Rings every bell (entries were queued again by another process).
    package func ringAll() {
        for bell in bells.values { bell.ring() }
    }
}
