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
