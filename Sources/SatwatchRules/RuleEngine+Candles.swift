import SatwatchBase

extension RuleEngine {
    /// The close of rule `index`'s open candle; nil without one.
    func candleEnd(_ index: Int) -> Timestamp? {
        guard let start = states[index].candleStart else { return nil }
        return start + logic[index].candle
    }

    /// Takes a sample of the rule's own metric into its open candle, opening one (UTC-aligned:
    /// a `1h` candle starts on the hour) when there is none.
    mutating func extendCandle(_ index: Int, with sample: Sample) {
        let length = logic[index].candle.milliseconds
        if states[index].candleStart == nil {
            let start = sample.at.milliseconds.floorDivided(by: length).quotient * length
            states[index].candleStart = Timestamp(milliseconds: start)
        }
        states[index].candleClose = sample.value
        updateTimed(index)
    }

    /// Closes rule `index`'s candle at `end`: evaluates the condition on the candle's close, as
    /// of `end`, and applies the result.
    mutating func closeCandle(_ index: Int, at end: Timestamp, _ changes: inout [RuleChange]) {
        let now = table.now
        table.now = end
        if let close = states[index].candleClose {
            table.overrideSlot = inputs[index][0]
            table.overrideValue = close
        }
        states[index].candleStart = nil
        states[index].candleClose = nil
        decide(index, at: end, &changes)
        table.overrideSlot = -1
        table.now = Swift.max(now, end)
        // A close that decided nothing new reaches the file with the next flush; closing the
        // same candle again after a crash decides the same (a crossing's side was committed).
        updateTimed(index)
    }

    /// Closes the candles on `slot` that ended at or before `time`: a sample after a gap (the
    /// feed was stale, or the worker down) closes the candle it left open, before it opens the next.
    mutating func closeCandles(before time: Timestamp, on slot: Int, _ changes: inout [RuleChange]) {
        for index in candleRoutes[slot] {
            if let end = candleEnd(index), end <= time { closeCandle(index, at: end, &changes) }
        }
    }
}
