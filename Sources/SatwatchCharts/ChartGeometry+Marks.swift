import SatwatchBase

extension ChartGeometry {
    /// The series as pixel polylines: one per run of finite points inside the time range, so
    /// a gap (NaN) breaks the line. A run of one point is a polyline of one point (drawn as a dot).
    func segments(_ points: [(at: Timestamp, value: Double)]) -> [[(x: Double, y: Double)]] {
        let inOrder = zip(points, points.dropFirst()).allSatisfy { $0.at <= $1.at }
        let ordered = inOrder ? points : points.sorted { $0.at < $1.at }
        var segments: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
        for point in ordered where point.at >= from && point.at <= to {
            if point.value.isFinite {
                current.append((x(point.at), y(point.value)))
            } else if !current.isEmpty {
                segments.append(current)
                current = []
            }
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    /// The shaded spans as pixel ranges on the x axis, cut to the plot; at least one pixel wide
    /// so a firing shorter than a pixel's worth of time still shows.
    func spanRanges(_ spans: [ChartSpan]) -> [(left: Double, right: Double)] {
        spans.compactMap { span in
            guard span.to >= from, span.from <= to, span.to >= span.from else { return nil }
            let left = x(max(span.from, from)), right = x(min(span.to, to))
            guard right - left < 1 else { return (left, right) }
            let middle = (left + right) / 2
            let start = min(max(plotLeft, middle - 0.5), plotRight - 1)
            return (start, start + 1)
        }
    }

    /// The lines that can be drawn (finite values), top to bottom, each saying whether its label
    /// goes above it: below when above would leave the plot or overlap the label of the line above.
    func visibleLines(_ lines: [ChartLine]) -> [(y: Double, label: String, labelAbove: Bool)] {
        let sorted = lines.filter(\.value.isFinite).map { (y: y($0.value), label: $0.label) }.sorted { $0.y < $1.y }
        var placed: [(y: Double, label: String, labelAbove: Bool)] = []
        var lowestLabel = -Double.infinity
        for line in sorted {
            let above = line.label.isEmpty || (line.y - text.lineHeight >= plotTop && line.y - text.lineHeight >= lowestLabel)
            if !line.label.isEmpty { lowestLabel = above ? line.y : line.y + text.lineHeight }
            placed.append((line.y, line.label, above))
        }
        return placed
    }
}
