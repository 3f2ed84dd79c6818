import SatwatchBase

/// What one chart shows: a metric's series over a time range, the rule's threshold (or the two
/// edges of its band) as horizontal lines, and the periods the rule fired as shaded spans.
///
/// Both renderers draw from it through the same `ChartGeometry`, so the page's SVG and the
/// notification's PNG put every tick, line and span in the same place.
package struct ChartSpec: Sendable {
    /// The series in time order; a non-finite value (NaN) is a gap the line does not bridge.
    /// Points outside `from...to` are not drawn.
    package var points: [(at: Timestamp, value: Double)]
    /// The left edge of the time axis.
    package var from: Timestamp
    /// The right edge of the time axis.
    package var to: Timestamp
    /// Horizontal lines: a threshold, or two for a band; each with its label.
    package var lines: [ChartLine]
    /// Time spans shaded light red: when the rule was firing.
    package var spans: [ChartSpan]
    /// The heading drawn above the plot (user text: escaped in SVG, drawn with the bitmap font in PNG).
    package var title: String
    /// Seconds east of UTC for the time axis labels (0: the labels are UTC).
    package var utcOffset: Int

    /// A chart of `points` between `from` and `to`.
    package init(points: [(at: Timestamp, value: Double)], from: Timestamp, to: Timestamp,
                 lines: [ChartLine] = [], spans: [ChartSpan] = [], title: String = "", utcOffset: Int = 0) {
        self.points = points
        self.from = from
        self.to = to
        self.lines = lines
        self.spans = spans
        self.title = title
        self.utcOffset = utcOffset
    }
}

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

extension ChartSpec {
    /// The left edge of a chart of the last `range` up to `to`: `to - range` once the data
    /// covers it; before that (a new install, a metric just added) the first point's or firing
    /// period's time, and at least `minimum` before `to`, so minutes of data fill the width
    /// rather than a sliver at its right edge.
    package static func start(of points: [(at: Timestamp, value: Double)], spans: [ChartSpan] = [], to: Timestamp,
                              range: TimeSpan, minimum: TimeSpan) -> Timestamp {
        let full = to - range
        // Data that covers nearly all the range keeps it whole: the axis does not creep.
        let nearlyFull = full + TimeSpan(milliseconds: range.milliseconds / 20)
        guard let earliest = (points.map(\.at) + spans.map(\.from)).min(), earliest > nearlyFull else { return full }
        return min(earliest, to - minimum)
    }
}
