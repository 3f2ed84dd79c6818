import SatwatchBase
import SatwatchJSON

/// Decodes Deribit's JSON-RPC 2.0 frames (`wss://www.deribit.com/ws/api/v2`).
///
/// Notifications are `{"jsonrpc":"2.0","method":"subscription","params":{"channel":…,"data":…}}`:
/// - `deribit_volatility_index.btc_usd` (`{"volatility":55.3,"timestamp":…,"index_name":"btc_usd"}`)
///   gives `dvol.btc`;
/// - `ticker.<instrument>.100ms` gives, for a perpetual, `funding.<stem>` = `funding_8h` × 100
///   (in %), and for an option `option.<stem>.mark_iv` (`mark_iv`, in %), `.delta`, `.gamma`,
///   `.vega`, `.theta` (from `greeks`), `.mark_price` and `.underlying` (`underlying_price`).
///   A ticker whose `state` says the instrument is gone (`closed`, `delivered`, `inactive`,
///   `archivized`) is `instrument_expired`.
///
/// Answers to requests (`{"id":…,"result":…}`) and heartbeats are `.liveness` (live, heartbeats
/// never reach the decoder: the feed answers them, see `DeribitWire`); error answers
/// (`{"id":…,"error":{"code":-32602,"message":"Invalid params",…}}`) are `server_error`.
///
/// A notification's `timestamp` (milliseconds) orders its channel's data: one older than the
/// last taken of its channel is old news and skipped (`out_of_order`); see
/// `SeriesOrder.admits(time:of:receivedAt:)`.
package struct DeribitDecoder: FrameDecoder {
    /// Index name (`btc_usd`) → metric (`dvol.btc`).
    private let volatility: [String: String]
    /// Instrument name → instrument.
    private let instruments: [String: DeribitInstrument]
    package private(set) var rejectedFields = 0
    /// The newest `timestamp` taken per channel.
    private var order = SeriesOrder()

    static let keys: Set<String> = ["method", "params", "result", "error", "id"]

    /// An instrument Deribit reports as gone: it will not trade or publish again.
    static let instrumentExpired = SkipReason("instrument_expired")
    /// The `state`s of a ticker whose instrument is gone.
    static let endedStates: Set<String> = ["closed", "delivered", "inactive", "archivized"]

    /// A decoder for the DVOL of `volatility` (lowercase currencies, `btc`) and the tickers of
    /// `instruments`.
    package init(volatility: [String], instruments: [DeribitInstrument]) {
        self.volatility = Dictionary(volatility.map { (DeribitWire.volatilityIndex($0), "dvol.\($0)") }, uniquingKeysWith: { first, _ in first })
        self.instruments = Dictionary(instruments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let message: JSONNode
        switch FrameObject.parse(frame, keeping: Self.keys) {
        case .value(let object): message = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        switch message["method"]?.string {
        case "subscription"?:
            guard let channel = message["params"]?["channel"]?.string, let data = message["params"]?["data"],
                  data.members != nil else { return .skipped(.unexpectedShape) }
            guard order.admits(milliseconds: data["timestamp"], of: channel, receivedAt: at) else { return .skipped(.outOfOrder) }
            if channel.hasPrefix("deribit_volatility_index.") { return volatilityIndex(data, at: at) }
            if channel.hasPrefix("ticker.") { return ticker(data, at: at) }
            return .skipped(.unknownMessage)
        case "heartbeat"?:
            return .liveness
        case .some:
            return .skipped(.unknownMessage)
        case nil:
            if message["error"] != nil { return .skipped(.serverError) }
            if message["result"] != nil, message["id"] != nil { return .liveness }
            return .skipped(.unexpectedShape)
        }
    }

    private func volatilityIndex(_ data: JSONNode, at: Timestamp) -> FrameOutcome {
        guard let index = data["index_name"]?.string else { return .skipped(.unexpectedShape) }
        guard let metric = volatility[index] else { return .samples([]) }
        var batch = SampleBatch(at: at, source: FeedKind.deribit.rawValue)
        batch.add(metric, number: data["volatility"], domain: .positive)
        return batch.outcome
    }

    private mutating func ticker(_ data: JSONNode, at: Timestamp) -> FrameOutcome {
        guard let name = data["instrument_name"]?.string else { return .skipped(.unexpectedShape) }
        guard let instrument = instruments[name] else { return .samples([]) }
        if let state = data["state"]?.string, Self.endedStates.contains(state) { return .skipped(Self.instrumentExpired) }
        var batch = SampleBatch(at: at, source: FeedKind.deribit.rawValue)
        let stem = instrument.stem
        switch instrument.kind {
        case .perpetual:
            switch data["funding_8h"]?.number {
            case let rate? where ValueDomain.any.admits(rate * 100): batch.add("funding.\(stem)", rate * 100)
            case .some: batch.reject(.invalidValue)
            case nil: batch.reject(.unexpectedShape)
            }
        case .option:
            let greeks = data["greeks"]
            batch.add("option.\(stem).mark_iv", number: data["mark_iv"], domain: .nonNegative)
            for greek in ["delta", "gamma", "vega", "theta"] { batch.add("option.\(stem).\(greek)", number: greeks?[greek], domain: .any) }
            batch.add("option.\(stem).mark_price", number: data["mark_price"], domain: .nonNegative)
            batch.add("option.\(stem).underlying", number: data["underlying_price"], domain: .positive)
        }
        rejectedFields += batch.samples.isEmpty ? 0 : batch.rejected
        return batch.outcome
    }
}

/// How satwatch talks JSON-RPC to Deribit: the requests it sends after connecting, its ping, the
/// answer to the server's `test_request`, and what it says once about an instrument the server
/// does not serve.
package enum DeribitWire {
    /// Request ids: each request satwatch sends has its own, so an answer says what it answers.
    static let heartbeatID = 1, subscribeID = 2, testRequestAnswerID = 3, pingID = 4

    /// The interval of Deribit's heartbeats asked for, in seconds (its minimum is 10): a
    /// `test_request` comes this often when the connection is otherwise quiet.
    static let heartbeatSeconds = 30

    /// `deribit_volatility_index.<currency>_usd`'s index name.
    static func volatilityIndex(_ currency: String) -> String { "\(currency)_usd" }

    /// The channels the feed subscribes to.
    package static func channels(volatility: [String], instruments: [DeribitInstrument]) -> [String] {
        volatility.map { "deribit_volatility_index.\(volatilityIndex($0))" } + instruments.map { tickerChannel($0.name) }
    }

    /// A JSON-RPC 2.0 request.
    static func request(id: Int, method: String, params: [JSONMember] = []) -> String {
        JSONValue.object([JSONMember(key: "jsonrpc", node: JSONNode(.string("2.0"))), JSONMember(key: "id", node: JSONNode(.number(Double(id)))),
                          JSONMember(key: "method", node: JSONNode(.string(method))), JSONMember(key: "params", node: JSONNode(.object(params)))]).jsonText()
    }

    /// What is sent after every connect: heartbeats on, then the subscription to `channels`
    /// (none when every channel has been dropped: the connection then only keeps the feed's
    /// heartbeats, as a feed with nothing left to follow does not stop).
    package static func openingMessages(channels: [String]) -> [String] {
        let heartbeat = request(id: heartbeatID, method: "public/set_heartbeat",
                                params: [JSONMember(key: "interval", node: JSONNode(.number(Double(heartbeatSeconds))))])
        guard !channels.isEmpty else { return [heartbeat] }
        return [heartbeat, request(id: subscribeID, method: "public/subscribe",
                                   params: [JSONMember(key: "channels", node: JSONNode(.array(channels.map { JSONNode(.string($0)) })))])]
    }

    /// The ticker channel of the instrument named `name` (`ticker.BTC-PERPETUAL.100ms`).
    static func tickerChannel(_ name: String) -> String { "ticker.\(name).100ms" }

    /// The ping sent to a quiet stream.
    static let pingMessage = request(id: pingID, method: "public/test")

    /// Whether `frame` answers ``pingMessage``.
    static func isPong(_ frame: String) -> Bool {
        guard frame.utf8.count <= 4_096, frame.contains("\"result\""),
              case .value(let object) = FrameObject.parse(frame, keeping: ["result", "id"]) else { return false }
        return object.node["result"] != nil && object.node["id"]?.number == Double(pingID)
    }

    /// Deribit's heartbeats stay inside the feed: `{"method":"heartbeat","params":{"type":
    /// "test_request"}}` is answered with `public/test` (unanswered, the server closes the
    /// connection), `"type":"heartbeat"` only proves the socket lives. Everything else goes on to
    /// the decoder.
    package static func handle(_ frame: String) -> WireHandling {
        // Called on every frame: data (which never says "heartbeat") costs a scan, not a parse.
        guard frame.utf8.count <= 4_096, frame.contains("\"heartbeat\""),
              case .value(let object) = FrameObject.parse(frame, keeping: ["method", "params"]),
              object.node["method"]?.string == "heartbeat" else { return .forward }
        if object.node["params"]?["type"]?.string == "test_request" {
            return .reply(request(id: testRequestAnswerID, method: "public/test"))
        }
        return .absorb
    }

    /// What to say once about `frame`: each channel the subscription answer left out (Deribit
    /// leaves out unknown and expired instruments), a refused request, a ticker whose instrument
    /// is gone. Each instrument is reported once, by the first of the two (`FeedNotice.channel`).
    ///
    /// A ticker saying its instrument is gone also drops its channel from the subscription of
    /// later connects (for as long as the feed runs, see `NoticeLog`): Deribit says so of an
    /// instrument that expired, which never trades again. A channel the answer leaves out is
    /// asked for again at the next connect: an answer is no such statement, and asking costs
    /// nothing when it is gone (the server leaves it out again, and it is not reported again).
    package static func notices(_ frame: String, channels: [String]) -> [FeedNotice] {
        let answer = frame.contains("\"result\"") || frame.contains("\"error\"")
        let ended = frame.contains("\"state\"") && !frame.contains("\"open\"")
        guard answer || ended, case .value(let object) = FrameObject.parse(frame, keeping: DeribitDecoder.keys) else { return [] }
        let message = object.node
        if let error = message["error"] {
            let request = message["id"]?.number == Double(subscribeID) ? "public/subscribe"
                : message["id"]?.number == Double(heartbeatID) ? "public/set_heartbeat" : "request"
            var reason = error["message"]?.string ?? "error"
            if let detail = error["data"]?["reason"]?.string { reason += ": \(detail)" }
            return [.requestRefused(request, error: reason)]
        }
        if message["id"]?.number == Double(subscribeID), let subscribed = message["result"]?.array {
            let names = Set(subscribed.compactMap(\.string))
            return channels.filter { !names.contains($0) }.map { channel in
                let subject = channel.hasPrefix("ticker.") ? ("instrument", String(channel.dropFirst(7).dropLast(6))) : ("channel", channel)
                return FeedNotice("feed instrument dropped", [subject, ("reason", "not subscribed by the server: unknown or expired")], channel: channel)
            }
        }
        if message["method"]?.string == "subscription", let data = message["params"]?["data"],
           let name = data["instrument_name"]?.string, let state = data["state"]?.string, DeribitDecoder.endedStates.contains(state),
           channels.contains(tickerChannel(name)) {  // what it was not asked for is no concern of the feed's
            return [FeedNotice("feed instrument dropped", [("instrument", name), ("reason", "Deribit reports it \(state)")],
                               channel: tickerChannel(name), dropsChannel: true)]
        }
        return []
    }
}
