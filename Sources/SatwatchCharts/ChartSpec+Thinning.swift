import SatwatchBase

extension ChartSpec {
    /// `points` with at most two per bucket of `count` equal time spans across `from...to`: each
    /// bucket's lowest and highest, in time order. A chart a few hundred pixels wide draws the
    /// same line, spikes included, from a fraction of a day's minutes; gaps (non-finite values)
    /// are kept, one per bucket.
    package static func thinned(_ points: [(at: Timestamp, value: Double)], from: Timestamp, to: Timestamp,
                        buckets count: Int) -> [(at: Timestamp, value: Double)] {
        let span = (to - from).milliseconds
        guard count > 0, span > 0, points.count > 2 * count else { return points }
        var thinned: [(at: Timestamp, value: Double)] = []
        thinned.reserveCapacity(2 * count)
        var index = 0
        while index < points.count {
            let bucket = min(count - 1, max(0, Int((points[index].at - from).milliseconds * Int64(count) / span)))
            var low = points[index], high = points[index], gap: (at: Timestamp, value: Double)?
            var end = index
            while end < points.count,
                  min(count - 1, max(0, Int((points[end].at - from).milliseconds * Int64(count) / span))) == bucket {
                let point = points[end]
                if !point.value.isFinite {
                    gap = gap ?? point
                } else {
                    if !low.value.isFinite || point.value < low.value { low = point }
                    if !high.value.isFinite || point.value > high.value { high = point }
                }
                end += 1
            }
            var kept = [low, high].filter(\.value.isFinite)
            if let gap { kept.append(gap) }
            kept.sort { $0.at < $1.at }
            if kept.count == 2, kept[0].at == kept[1].at { kept.removeLast() }
            thinned += kept
            index = end
        }
        return thinned
    }
}
