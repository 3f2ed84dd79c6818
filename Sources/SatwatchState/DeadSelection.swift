/// Which dead deliveries `satwatch retry` puts back in the queue.
package enum DeadSelection: Sendable, Equatable {
    /// The delivery with this outbox id (`#ID` in `status`).
    case id(Int64)
    /// Every dead delivery of this channel.
    case channel(String)
    /// Every dead delivery.
    case all
}
