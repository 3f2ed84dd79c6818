import PNG

/// The chart as a PNG image for notifications (mail inline image, Telegram photo, Discord and
/// ntfy attachment): drawn on a `RasterCanvas` with the built-in `BitmapFont`, encoded by
/// `PNGEncoder`. Same layout as the page's SVG.
package enum PNGChart {
    /// `spec` drawn in `width` x `height` pixels (at least 1 x 1), as the bytes of a PNG file.
    package static func render(_ spec: ChartSpec, width: Int, height: Int) -> [UInt8] {
        let canvas = draw(spec, width: max(1, width), height: max(1, height))
        return PNGEncoder.encode(width: canvas.width, height: canvas.height, rgb: canvas.pixels)
    }

    /// The font scale: 1 (5 x 7 pixel characters) up to 1000 pixels wide, larger above.
    static func scale(width: Int) -> Int { max(1, width / 1000 + 1) }

    /// The layout's text sizes for the bitmap font at `scale`, the title one scale larger.
    static func text(scale: Int) -> ChartTextMetrics {
        let unit = Double(scale), title = Double(scale + 1)
        return ChartTextMetrics(charWidth: Double(BitmapFont.advance) * unit, lineHeight: Double(BitmapFont.glyphHeight + 2) * unit,
                                titleCharWidth: Double(BitmapFont.advance) * title, titleLineHeight: Double(BitmapFont.glyphHeight) * title)
    }

    /// The picture before encoding (tests look at its pixels through the geometry).
    static func draw(_ spec: ChartSpec, width: Int, height: Int) -> RasterCanvas {
        let scale = scale(width: width)
        let chart = ChartGeometry(spec: spec, width: width, height: height, text: text(scale: scale))
        var canvas = RasterCanvas(width: width, height: height, background: ChartPalette.background)
        drawGrid(chart, on: &canvas)
        for range in chart.spanRanges(spec.spans) {
            let left = Int(range.left.rounded()), top = Int(chart.plotTop.rounded())
            canvas.blend(x: left, y: top, width: max(1, Int(range.right.rounded()) - left),
                         height: Int(chart.plotBottom.rounded()) - top, color: ChartPalette.firing, alpha: ChartPalette.firingAlpha)
        }
        drawAxes(chart, on: &canvas, scale: scale)
        let lines = chart.visibleLines(spec.lines)
        for line in lines {
            canvas.line(from: (chart.plotLeft, line.y), to: (chart.plotRight, line.y), color: ChartPalette.threshold,
                        thickness: scale, dash: (6 * scale, 4 * scale))
        }
        for segment in chart.segments(spec.points) {
            canvas.polyline(segment, color: ChartPalette.series, thickness: 2 * scale)
        }
        drawLabels(chart, lines, on: &canvas, scale: scale)
        let gap = Int(ChartGeometry.gap)
        BitmapFont.draw(chart.title, on: &canvas, x: gap, y: gap, scale: scale + 1, color: ChartPalette.title)
        return canvas
    }

    private static func drawGrid(_ chart: ChartGeometry, on canvas: inout RasterCanvas) {
        for tick in chart.valueTicks {
            canvas.line(from: (chart.plotLeft, chart.y(tick.value)), to: (chart.plotRight, chart.y(tick.value)), color: ChartPalette.grid)
        }
        for tick in chart.timeTicks {
            canvas.line(from: (chart.x(tick.at), chart.plotTop), to: (chart.x(tick.at), chart.plotBottom), color: ChartPalette.grid)
        }
    }

    private static func drawAxes(_ chart: ChartGeometry, on canvas: inout RasterCanvas, scale: Int) {
        let corner = (x: chart.plotLeft, y: chart.plotBottom)
        canvas.line(from: (chart.plotLeft, chart.plotTop), to: corner, color: ChartPalette.axis)
        canvas.line(from: corner, to: (chart.plotRight, chart.plotBottom), color: ChartPalette.axis)
        let glyphHeight = BitmapFont.glyphHeight * scale, gap = Int(ChartGeometry.gap)
        for tick in chart.valueTicks {
            let right = Int(chart.plotLeft.rounded()) - gap
            BitmapFont.draw(tick.label, on: &canvas, x: right - BitmapFont.width(of: tick.label, scale: scale),
                            y: Int(chart.y(tick.value).rounded()) - glyphHeight / 2, scale: scale, color: ChartPalette.text)
        }
        for tick in chart.timeTicks {
            let x = Int(chart.x(tick.at).rounded())
            canvas.line(from: (Double(x), chart.plotBottom), to: (Double(x), chart.plotBottom + 3), color: ChartPalette.axis)
            BitmapFont.draw(tick.label, on: &canvas, x: x - BitmapFont.width(of: tick.label, scale: scale) / 2,
                            y: Int(chart.plotBottom.rounded()) + gap, scale: scale, color: ChartPalette.text)
        }
    }

    /// The lines' labels, over the series, each with a halo of background so it stays readable
    /// where the series runs through it.
    private static func drawLabels(_ chart: ChartGeometry, _ lines: [(y: Double, label: String, labelAbove: Bool)],
                                   on canvas: inout RasterCanvas, scale: Int) {
        for line in lines where !line.label.isEmpty {
            let label = ChartGeometry.fitted(line.label, room: chart.plotRight - chart.plotLeft, charWidth: chart.text.charWidth)
            let x = Int(chart.plotRight.rounded()) - 2 - BitmapFont.width(of: label, scale: scale)
            let y = line.labelAbove ? Int(line.y.rounded()) - 2 * scale - BitmapFont.glyphHeight * scale : Int(line.y.rounded()) + 3 * scale
            for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                BitmapFont.draw(label, on: &canvas, x: x + dx, y: y + dy, scale: scale, color: ChartPalette.background)
            }
            BitmapFont.draw(label, on: &canvas, x: x, y: y, scale: scale, color: ChartPalette.threshold)
        }
    }
}
