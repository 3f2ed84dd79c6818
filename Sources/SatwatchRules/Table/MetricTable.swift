import SatwatchBase

/// What conditions read: each slot's latest value and the feed it came from, and the history
/// that windows and `change` rules look back on. Owned and written by the engine; conditions get
/// it borrowed, so reading it costs an index, not a lookup.
package struct MetricTable: Sendable {
    /// Latest value per slot; NaN before the first sample and while its feed is stale, so a stale
    /// metric reads as unknown (the rule keeps its state) until data flows again.
    var values: [Double]
    /// The feed of each slot's latest value; nil before the first sample and while it is stale.
    var sources: [String?]
    /// Whether each slot ever had a value (to tell "no value yet" from "stale").
    var seen: [Bool]
    /// Whether each slot's last sample repeated the fresh value and feed it held: a rule that
    /// decides on values alone would decide the same again.
    var repeated: [Bool]
    /// Recent samples per slot, where a short window or a `change` reads them.
    var histories: [MetricHistory?]
    /// Daily closes per slot, where a window of a day or more reads them.
    var closes: [DailyCloses?]
    /// The time of the evaluation: windows end here.
    var now: Timestamp = .epoch
    /// A value that stands in for a slot's during one evaluation: a candle's close, when the rule
    /// closes a candle the table has moved past (or lost in a restart). -1: none.
    var overrideSlot = -1
    var overrideValue = Double.nan
    /// The news item being judged while the engine evaluates the rules of its source (a `news`
    /// condition reads it); nil otherwise.
    var headline: Headline?

    init(slots: MetricSlots) {
        values = Array(repeating: .nan, count: slots.count)
        sources = Array(repeating: nil, count: slots.count)
        seen = Array(repeating: false, count: slots.count)
        repeated = seen
        histories = zip(slots.retention, slots.shortWindows).map { retention, windows in
            retention > .zero ? MetricHistory(retention: retention, windows: windows) : nil
        }
        closes = slots.closeDays.map { $0 > 0 ? DailyCloses(capacity: $0) : nil }
    }

    /// The slot's latest value, nil when there is none or its feed is stale.
    @inline(__always)
    func value(_ slot: Int) -> Double? {
        if slot == overrideSlot { return overrideValue }
        // NaN: never seen, or its feed went stale (`markStale` keeps the value out of reach).
        let value = values[slot]
        return value.isNaN ? nil : value
    }

    /// `function` over the last `span` of the slot's history at `now`; nil while the history does
    /// not cover the whole window (never a half-filled average).
    func window(_ function: WindowFunction, _ slot: Int, span: TimeSpan) -> Double? {
        if span >= .days(1) { return closes[slot]?.value(function, days: WholeDays.count(in: span)) }
        return histories[slot]?.value(function, span: span, at: now)
    }

    /// The slot's value `within` ago, for `change`: the last one at or before then, but no older
    /// than twice `within` (after a gap, a value from before it would turn a slow move into a
    /// sudden one).
    func reference(_ slot: Int, within: TimeSpan) -> Double? {
        let target = now - within
        return histories[slot]?.value(atOrBefore: target, notBefore: target - within)
    }

    /// Whether the slot has a value from a feed that is not stale.
    @inline(__always)
    func isFresh(_ slot: Int) -> Bool { !values[slot].isNaN }

    /// Takes a sample's value, noting whether it repeats the one held.
    @inline(__always)
    mutating func update(_ slot: Int, _ value: Double, from source: String) {
        // NaN (never seen, or stale) equals nothing: a first or returning value is new.
        repeated[slot] = values[slot] == value && sources[slot] == source
        values[slot] = value
        sources[slot] = source
        seen[slot] = true
    }

    /// The slot's feed went stale (or, for a derived metric, one of its inputs): unknown until
    /// its next value.
    mutating func markStale(_ slot: Int) {
        values[slot] = .nan
        sources[slot] = nil
    }
}

extension MetricTable {
    /// Why `call` has no value yet: how much history it still lacks.
    func windowShortfall(_ call: WindowCall, _ slot: Int) -> String {
        if call.span >= .days(1) {
            let needed = WholeDays.count(in: call.span)
            let known = closes[slot]?.completedCount ?? 0
            return "\(call.text) needs \(needed) daily closes, has \(known)"
        }
        return "\(call.text) needs \(call.span.text) of samples"
    }

    /// Why a slot has no value: never seen, or its feed is stale.
    func missingValue(_ slot: Int, name: String) -> String {
        seen[slot] ? "\(name) is stale" : "no value of \(name) yet"
    }
}
