import SatwatchBase

/// Gives each metric a rule reads a slot in the engine's `MetricTable`, once, when the engine is
/// built: conditions then read values by index, never by name, in the hot loop.
///
/// A slot's key is the metric (`btc.usd`: any feed's samples) or `metric@source` for a rule pinned
/// to one feed. While a rule binds, the slots it reads as values are its *inputs*: their samples
/// evaluate it, and it acts on time only while all of them are fresh. Windows are read, not inputs.
package struct MetricSlots: Sendable {
    /// Each slot's key, by slot.
    private(set) var keys: [String] = []
    /// Each slot's metric, and the feed it is pinned to (nil: any feed), by slot.
    private(set) var routes: [(metric: String, source: String?)] = []
    private var indexes: [String: Int] = [:]
    /// Per slot, the longest short window (under a day) or `change … within` (any length) read from it: how much
    /// recent history to keep. Zero: none.
    private(set) var retention: [TimeSpan] = []
    /// Per slot, the windows under a day read from it (what its history keeps running).
    private(set) var shortWindows: [ShortWindows] = []
    /// Per slot, the most daily closes a window reads from it (an `ema` of N days reads 2N, see
    /// `DailyCloses`). Zero: none.
    private(set) var closeDays: [Int] = []
    /// The inputs of the rule being bound, in binding order, without repeats.
    private(set) var inputs: [Int] = []
    /// Whether the rule being bound reads history (a window or a `change`), which moves with time
    /// even while its inputs' values stand still.
    private(set) var readsHistory = false

    init() {}

    /// The slot a condition reads `metric`'s latest value from; the sample that updates it
    /// evaluates the rule being bound.
    mutating func input(_ metric: String, source: String? = nil) -> Int {
        let slot = self.slot(metric, source)
        if !inputs.contains(slot) { inputs.append(slot) }
        return slot
    }

    /// The slot whose recent samples a `change … within span` compares with: kept for `span`,
    /// however long (a day's look-back compares with a sample, not a daily close).
    mutating func history(_ metric: String, span: TimeSpan, source: String? = nil) -> Int {
        let slot = self.slot(metric, source)
        retention[slot] = Swift.max(retention[slot], span)
        readsHistory = true
        return slot
    }

    /// The slot whose history a window of `span` reads: recent samples under a day, daily closes
    /// from a day on (whole days).
    mutating func window(_ metric: String, span: TimeSpan, function: WindowFunction, source: String? = nil) -> Int {
        let slot = self.slot(metric, source)
        readsHistory = true
        if span >= .days(1) {
            let days = WholeDays.count(in: span)
            closeDays[slot] = Swift.max(closeDays[slot], function == .ema ? 2 * days : days)
        } else {
            retention[slot] = Swift.max(retention[slot], span)
            shortWindows[slot].insert(function, span: span)
        }
        return slot
    }

    /// Starts binding the next rule.
    mutating func beginRule() {
        inputs.removeAll(keepingCapacity: true)
        readsHistory = false
    }

    /// The slot for `key`, if some rule reads it.
    func slot(forKey key: String) -> Int? { indexes[key] }

    var count: Int { keys.count }

    private mutating func slot(_ metric: String, _ source: String?) -> Int {
        let key = Self.key(metric, source)
        if let known = indexes[key] { return known }
        indexes[key] = keys.count
        keys.append(key)
        routes.append((metric, source))
        retention.append(.zero)
        shortWindows.append(ShortWindows())
        closeDays.append(0)
        return keys.count - 1
    }

    /// `btc.usd`, or `btc.usd@kraken` for a rule pinned to a feed.
    static func key(_ metric: String, _ source: String?) -> String {
        source.map { "\(metric)@\($0)" } ?? metric
    }
}

/// How windows of a day or more count: whole UTC days of daily closes.
enum WholeDays {
    private static let millisecondsPerDay = Timestamp.millisecondsPerDay

    /// The number of daily closes a window of `span` reads (`200d` → 200).
    static func count(in span: TimeSpan) -> Int { Int(span.milliseconds / millisecondsPerDay) }

    /// Whether `span` is a whole number of days, as windows of a day or more must be.
    static func isWhole(_ span: TimeSpan) -> Bool { span.milliseconds % millisecondsPerDay == 0 }
}
