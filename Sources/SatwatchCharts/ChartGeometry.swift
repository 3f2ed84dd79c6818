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
