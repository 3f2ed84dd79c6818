import SatwatchBase
import SatwatchJSON

/// The newest position heard of each series of a feed (an exchange's sequence number per
/// product, the chain's block height), so a frame older than one already taken is dropped
/// rather than taken as news: out of order, it would move a value back and fire a crossing or a
/// `change` a second time.
///
/// Equal positions pass (a repeat is not older, and changes nothing). ``restart()`` forgets
/// every position, for a connection that starts new numbering.
struct SeriesOrder: Sendable, Equatable {
    private var newest: [String: Double] = [:]

    /// Whether `position` of `series` is not older than the newest taken; when it is taken, it
    /// becomes the newest.
    mutating func admits(_ position: Double, of series: String = "") -> Bool {
        if let last = newest[series], position < last { return false }
        newest[series] = position
        return true
    }

    /// Forgets every series: the next position of each is taken whatever it is.
    mutating func restart() { newest.removeAll(keepingCapacity: true) }
}

extension SeriesOrder {
    /// Whether a message of `series` that the feed stamps `time` is not older than the newest
    /// taken, received at `now`. A time further ahead than ``SampleTimeBounds/futureTolerance``
    /// is a false claim: it orders nothing (were it the newest, every true time after it would
    /// look old), so its message passes and the newest stays.
    mutating func admits(time: Timestamp, of series: String, receivedAt now: Timestamp) -> Bool {
        SampleTimeBounds.claimsFuture(time, receivedAt: now) || admits(Double(time.milliseconds), of: series)
    }
}

extension SeriesOrder {
    /// The same, by a time the feed writes as a JSON number of milliseconds (Binance's `E`,
    /// Deribit's `timestamp`); a message without one (or with a number that is no time) passes.
    mutating func admits(milliseconds node: JSONNode?, of series: String, receivedAt now: Timestamp) -> Bool {
        guard let value = node?.number, value.isFinite, abs(value) < 1e15 else { return true }
        return admits(time: Timestamp(milliseconds: Int64(value)), of: series, receivedAt: now)
    }
}
