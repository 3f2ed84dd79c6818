import SatwatchBase

/// How a streaming feed talks: what to send after connecting, and how to probe a quiet stream.
package struct FeedWire: Sendable {
    /// Sent right after every connect (subscriptions).
    var openingMessages: [String]
    /// The protocol's own ping, sent when the stream has been quiet for `quietBeforePing`.
    var ping: String?
    /// How long without a frame before pinging (or, with no ping, before reconnecting).
    var quietBeforePing: TimeSpan
    /// How long to wait for any frame after a ping before reconnecting.
    var pongTimeout: TimeSpan
    /// Recognises the answer to `ping`: it proves the socket is alive, not that data flows, so it
    /// stays inside the feed and never counts against staleness.
    var isPong: @Sendable (String) -> Bool
    /// Where to connect when it is not the configured `url` (Binance names its streams in the
    /// query).
    var url: String?
    /// How old a connection may grow before it is renewed, as planned and not as a failure
    /// (Binance ends connections at 24 h); nil: kept as long as it works.
    var maxConnectionAge: TimeSpan?

    /// The wire behaviour of `feed`, as its definition says.
    init(_ feed: FeedConfig) { self = feed.kind.definition.wire(of: feed) }

    init(openingMessages: [String], ping: String?, quietBeforePing: TimeSpan, pongTimeout: TimeSpan,
         isPong: @escaping @Sendable (String) -> Bool) {
        self.openingMessages = openingMessages
        self.ping = ping
        self.quietBeforePing = quietBeforePing
        self.pongTimeout = pongTimeout
        self.isPong = isPong
    }
}
