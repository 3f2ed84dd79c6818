import SatwatchBase

/// How a streaming feed talks: what to send after connecting, and how to probe a quiet stream.
package struct FeedWire: Sendable {
    /// Sent right after every connect (subscriptions), given the channels the feed has dropped
    /// so far (see `FeedNotice.dropsChannel`), which they leave out.
    var openingMessages: @Sendable (_ dropped: Set<String>) -> [String]
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
    /// What the feed itself does with a frame before the decoder sees it: most go on; a
    /// heartbeat is kept inside the feed like a pong; a server's request is answered (Deribit's
    /// `test_request`, without an answer to which the server closes the connection).
    var handle: @Sendable (String) -> WireHandling = { _ in .forward }
    /// What is worth saying about a frame, once per feed for each distinct notice (an instrument
    /// the server did not subscribe, a pair the exchange refused); called on every frame, so it
    /// must be cheap for most.
    var notices: @Sendable (String) -> [FeedNotice] = { _ in [] }

    /// The wire behaviour of `feed`, as its definition says.
    init(_ feed: FeedConfig) { self = feed.kind.definition.wire(of: feed) }

    init(openingMessages: [String], ping: String?, quietBeforePing: TimeSpan, pongTimeout: TimeSpan,
         isPong: @escaping @Sendable (String) -> Bool) {
        self.openingMessages = { _ in openingMessages }
        self.ping = ping
        self.quietBeforePing = quietBeforePing
        self.pongTimeout = pongTimeout
        self.isPong = isPong
    }
}

/// What a streaming feed does with a frame before its decoder sees it (see `FeedWire.handle`).
package enum WireHandling: Sendable, Equatable {
    /// Data, or an answer the decoder reads: handed on.
    case forward
    /// Proof the socket lives and nothing more: kept inside the feed, never counted as data.
    case absorb
    /// A request of the server's: this answer is sent at once, and the frame kept inside.
    case reply(String)
}

/// Something a feed says once about what its server sends: a warning line with its fields
/// (`msg="feed instrument dropped" feed=deribit instrument=BTC-27DEC24-100000-C reason=…`,
/// `msg="feed pair refused" feed=coinbase pair=SOL-GBP reason=…`).
package struct FeedNotice: Sendable, Hashable {
    /// The log message.
    package var message: String
    /// The log fields after `feed`, in order.
    package var fields: [String]
    /// The channel the notice is about, when it is about one (an instrument's ticker): it is then
    /// said once for that channel, whatever its text, so an instrument reported gone is not
    /// reported again, differently, when a later subscription leaves it out.
    package var channel: String?
    /// Whether later connects leave `channel` out of their subscription: the server said it is
    /// gone for good (an instrument that expired).
    package var dropsChannel: Bool

    /// A notice `message` with `fields` as (key, value) pairs, about `channel` if it names one.
    package init(_ message: String, _ fields: [(String, String)], channel: String? = nil, dropsChannel: Bool = false) {
        self.message = message
        self.fields = fields.flatMap { [$0.0, $0.1] }
        self.channel = channel
        self.dropsChannel = dropsChannel
    }

    /// The fields as pairs.
    package var pairs: [(String, String)] {
        stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0], fields[$0 + 1]) }
    }

    /// The exchange refused to subscribe `pair`, saying `reason`
    /// (`msg="feed pair refused" feed=kraken pair=SOL/GBP reason="Currency pair not supported SOL/GBP"`):
    /// said once per pair, whatever the text, however often the exchange repeats it.
    package static func pairRefused(_ pair: String, reason: String) -> FeedNotice {
        FeedNotice("feed pair refused", [("pair", pair), ("reason", reason)], channel: pair)
    }

    /// The server refused `request` without naming what it is about (a malformed request).
    package static func requestRefused(_ request: String, error: String) -> FeedNotice {
        FeedNotice("feed request refused", [("request", request), ("error", error)])
    }
}
