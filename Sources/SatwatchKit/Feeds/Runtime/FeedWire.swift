/// How a streaming feed talks: what to send after connecting, and how to probe a quiet stream.
struct FeedWire: Sendable {
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

    /// The wire behaviour of `feed` (Coin Metrics is polled, not streamed).
    init(_ feed: FeedConfig) {
        switch feed.kind {
        case .mempool:
            // The official web client pings after 30 s of silence and gives up after 5 s more;
            // the server's proxy drops connections after 120 s without traffic.
            openingMessages = MempoolDecoder.subscribeMessages
            ping = MempoolDecoder.pingMessage
            quietBeforePing = min(.seconds(30), feed.staleAfter)
            pongTimeout = .seconds(5)
            isPong = MempoolDecoder.isPong
        case .kraken:
            openingMessages = [KrakenDecoder.subscribeMessage(symbols: feed.pairs)]
            ping = KrakenDecoder.pingMessage
            quietBeforePing = min(.seconds(10), feed.staleAfter)
            pongTimeout = .seconds(5)
            isPong = KrakenDecoder.isPong
        case .coinbase:
            // Heartbeats arrive every second; a silent stream is dead. Coinbase drops a client
            // that has not subscribed within 5 s, so the subscribe goes out first thing.
            openingMessages = [CoinbaseDecoder.subscribeMessage(products: feed.pairs)]
            ping = nil
            quietBeforePing = min(.seconds(10), feed.staleAfter)
            pongTimeout = .zero
            isPong = { _ in false }
        case .coinmetrics:
            openingMessages = []
            ping = nil
            quietBeforePing = feed.staleAfter
            pongTimeout = .zero
            isPong = { _ in false }
        }
    }
}
