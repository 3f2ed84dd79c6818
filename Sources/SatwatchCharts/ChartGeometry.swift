import SatwatchBase

/// Where everything goes on a chart of `width` x `height` pixels: the plot area, the value range
/// (padded, and including the threshold lines so they are always visible), the ticks on both
/// axes and the mapping of times and values to pixels. Shared by `SVGChart` and `PNGChart`.
struct ChartGeometry: Sendable {
    /// The whole picture, in pixels.
    let width: Double, height: Double
    /// The plot area: x grows to the right, y downwards, as in SVG and in the raster.
    let plotLeft: Double, plotTop: Double, plotRight: Double, plotBottom: Double
    /// The value range shown, bottom to top.
    let low: Double, high: Double
    /// The time range shown (`to` is at least 1 ms after `from`).
    let from: Timestamp, to: Timestamp
    /// Labelled values on the y axis, each a multiple of a 1/2/5 x 10^k step.
    let valueTicks: [(value: Double, label: String)]
    /// Labelled times on the x axis, at whole minutes, hours or days of the local clock.
    let timeTicks: [(at: Timestamp, label: String)]
    /// The title, shortened with `...` to fit the width; empty for none.
    let title: String
    /// The renderer's text sizes the layout was made for.
    let text: ChartTextMetrics

    /// Room between the plot and the labels around it.
    static let gap = 6.0

    init(spec: ChartSpec, width: Int, height: Int, text: ChartTextMetrics) {
        self.width = Double(max(width, 1))
        self.height = Double(max(height, 1))
        self.text = text
        from = spec.from
        to = spec.to > spec.from ? spec.to : spec.from + TimeSpan(milliseconds: 1)
        title = Self.fitted(spec.title, room: self.width - 2 * Self.gap, charWidth: text.titleCharWidth)
        plotTop = Self.gap + (title.isEmpty ? text.lineHeight / 2 : text.titleLineHeight + Self.gap)
        plotBottom = max(plotTop + 1, self.height - text.lineHeight - 2 * Self.gap)
        let range = Self.valueRange(spec, from: from, to: to)
        let plotHeight = plotBottom - plotTop
        let valueCount = min(8, max(2, Int(plotHeight / (text.lineHeight * 2.5))))
        let ticks = Self.valueTicks(low: range.low, high: range.high, maxCount: valueCount)
        (low, high, valueTicks) = (range.low, range.high, ticks)
        let labelChars = ticks.map(\.label.count).max() ?? 1
        plotLeft = min(self.width / 2, Self.gap * 2 + Double(labelChars) * text.charWidth)
        // Half of a time label may stick out to the right of the last tick.
        plotRight = max(plotLeft + 1, self.width - Self.gap - 3 * text.charWidth)
        let timeCount = max(1, Int((plotRight - plotLeft) / (text.charWidth * 9)))
        timeTicks = Self.timeTicks(from: from, to: to, maxCount: timeCount, utcOffset: spec.utcOffset)
    }

    /// The x pixel of `time` (outside the range it lies outside the plot).
    func x(_ time: Timestamp) -> Double {
        let fraction = Double(time.milliseconds - from.milliseconds) / Double(to.milliseconds - from.milliseconds)
        return plotLeft + fraction * (plotRight - plotLeft)
    }

    /// The y pixel of `value`.
    func y(_ value: Double) -> Double {
        plotBottom - (value - low) / (high - low) * (plotBottom - plotTop)
    }

    /// `text` cut to what `room` pixels hold at `charWidth` a character, ending in `...` when cut.
    static func fitted(_ text: String, room: Double, charWidth: Double) -> String {
        let fits = max(0, Int(room / charWidth))
        guard text.count > fits else { return text }
        return fits > 3 ? String(text.prefix(fits - 3)) + "..." : ""
    }
}

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

extension ChartGeometry {
    /// Steps the time axis can use, in minutes: whole minutes and hours for a day or less, days beyond.
    static let timeSteps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10_080, 20_160, 40_320]

    /// Ticks at the smallest step that gives at most `maxCount` of them, on whole steps of the
    /// local clock (`utcOffset` seconds east of UTC): `00:00 03:00 06:00 ...` for a day, `03-14`
    /// (month-day) when a step is a day or more.
    static func timeTicks(from: Timestamp, to: Timestamp, maxCount: Int, utcOffset: Int) -> [(at: Timestamp, label: String)] {
        let span = to.milliseconds - from.milliseconds
        guard span > 0 else { return [] }
        let minutes = timeSteps.first { span / ($0 * 60_000) <= Int64(maxCount) }
            ?? ((span / 60_000 / Int64(max(1, maxCount)) / 40_320) + 1) * 40_320
        let step = minutes * 60_000, offset = Int64(utcOffset) * 1000
        let firstLocal = (from.milliseconds + offset + step - 1).floorDivided(by: step).quotient * step
        var ticks: [(at: Timestamp, label: String)] = []
        var local = firstLocal
        while local - offset <= to.milliseconds {
            let time = LocalDateTime(epochSeconds: local.floorDivided(by: 1000).quotient, utcOffset: 0)
            let label = minutes >= 1440 ? pad(time.month) + "-" + pad(time.day) : pad(time.hour) + ":" + pad(time.minute)
            ticks.append((Timestamp(milliseconds: local - offset), label))
            local += step
        }
        return ticks
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}

/// How big a renderer's text is, so the shared geometry can leave room for the tick labels and
/// the title: the SVG's sans-serif (approximate advance) or the PNG's bitmap font (exact).
struct ChartTextMetrics: Sendable {
    /// The advance of one character of a tick label, in pixels (an upper estimate for proportional fonts).
    var charWidth: Double
    /// The height of a line of tick labels, in pixels.
    var lineHeight: Double
    /// The advance of one character of the title.
    var titleCharWidth: Double
    /// The height of the title line.
    var titleLineHeight: Double
}
