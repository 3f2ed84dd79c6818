/// The chart as an inline `<svg>` element for the HTML page: no external assets, no script, no
/// ids (many charts share one page), every user text XML-escaped. It scales with its `viewBox`.
package enum SVGChart {
    /// The text sizes the layout assumes: 11 px sans-serif labels (6.5 px is a generous average
    /// advance for digits and letters) and a 13 px semi-bold title.
    static let text = ChartTextMetrics(charWidth: 6.5, lineHeight: 13, titleCharWidth: 8, titleLineHeight: 16)

    /// `spec` drawn in `width` x `height` pixels.
    package static func render(_ spec: ChartSpec, width: Int, height: Int) -> String {
        let chart = ChartGeometry(spec: spec, width: width, height: height, text: text)
        let size = "width=\"\(number(chart.width))\" height=\"\(number(chart.height))\""
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) viewBox=\"0 0 \(number(chart.width)) \(number(chart.height))\""
        svg += " role=\"img\" aria-label=\"\(escaped(spec.title))\" font-family=\"system-ui, sans-serif\" font-size=\"11\">"
        svg += "<title>\(escaped(spec.title))</title>"
        svg += "<rect \(size) fill=\"\(ChartPalette.background.hex)\"/>"
        svg += grid(chart)
        svg += spans(chart, spec.spans)
        svg += axes(chart)
        let lines = chart.visibleLines(spec.lines)
        svg += self.lines(chart, lines)
        svg += series(chart, spec.points)
        svg += labels(chart, lines)
        if !chart.title.isEmpty {
            svg += "<text x=\"\(number(ChartGeometry.gap))\" y=\"\(number(ChartGeometry.gap + 13))\" font-size=\"13\""
            svg += " font-weight=\"600\" fill=\"\(ChartPalette.title.hex)\">\(escaped(chart.title))</text>"
        }
        return svg + "</svg>"
    }

    /// Light grid lines at every tick, as one path.
    static func grid(_ chart: ChartGeometry) -> String {
        var path = ""
        for tick in chart.valueTicks {
            path += "M\(number(chart.plotLeft)) \(number(chart.y(tick.value)))H\(number(chart.plotRight))"
        }
        for tick in chart.timeTicks {
            path += "M\(number(chart.x(tick.at))) \(number(chart.plotTop))V\(number(chart.plotBottom))"
        }
        return path.isEmpty ? "" : "<path d=\"\(path)\" stroke=\"\(ChartPalette.grid.hex)\" fill=\"none\"/>"
    }

    /// The firing periods: light red (red at 15% opacity), full plot height.
    static func spans(_ chart: ChartGeometry, _ spans: [ChartSpan]) -> String {
        chart.spanRanges(spans).map { range in
            "<rect x=\"\(number(range.left))\" y=\"\(number(chart.plotTop))\" width=\"\(number(range.right - range.left))\""
                + " height=\"\(number(chart.plotBottom - chart.plotTop))\" fill=\"\(ChartPalette.firing.hex)\""
                + " fill-opacity=\"\(ChartPalette.firingAlpha)\"/>"
        }.joined()
    }

    /// The plot's left and bottom edges and the tick labels on both axes.
    static func axes(_ chart: ChartGeometry) -> String {
        var svg = "<path d=\"M\(number(chart.plotLeft)) \(number(chart.plotTop))V\(number(chart.plotBottom))"
        svg += "H\(number(chart.plotRight))\" stroke=\"\(ChartPalette.axis.hex)\" fill=\"none\"/>"
        svg += "<g fill=\"\(ChartPalette.text.hex)\">"
        for tick in chart.valueTicks {
            svg += "<text x=\"\(number(chart.plotLeft - ChartGeometry.gap))\" y=\"\(number(chart.y(tick.value) + 4))\""
            svg += " text-anchor=\"end\">\(escaped(tick.label))</text>"
        }
        let baseline = chart.plotBottom + ChartGeometry.gap + 10
        for tick in chart.timeTicks {
            svg += "<text x=\"\(number(chart.x(tick.at)))\" y=\"\(number(baseline))\" text-anchor=\"middle\">\(escaped(tick.label))</text>"
        }
        return svg + "</g>"
    }

    /// Threshold and band lines, dashed.
    static func lines(_ chart: ChartGeometry, _ lines: [(y: Double, label: String, labelAbove: Bool)]) -> String {
        lines.map { line in
            "<line x1=\"\(number(chart.plotLeft))\" y1=\"\(number(line.y))\" x2=\"\(number(chart.plotRight))\""
                + " y2=\"\(number(line.y))\" stroke=\"\(ChartPalette.threshold.hex)\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>"
        }.joined()
    }

    /// The lines' labels at their right end, over the series, with a halo of background (a
    /// stroke painted under the fill) so they stay readable where the series crosses them.
    static func labels(_ chart: ChartGeometry, _ lines: [(y: Double, label: String, labelAbove: Bool)]) -> String {
        let labelled = lines.filter { !$0.label.isEmpty }
        guard !labelled.isEmpty else { return "" }
        var svg = "<g fill=\"\(ChartPalette.threshold.hex)\" stroke=\"\(ChartPalette.background.hex)\" stroke-width=\"3\""
        svg += " paint-order=\"stroke\" text-anchor=\"end\">"
        for line in labelled {
            let baseline = line.labelAbove ? line.y - 3 : line.y + 12
            svg += "<text x=\"\(number(chart.plotRight - 2))\" y=\"\(number(baseline))\">\(escaped(line.label))</text>"
        }
        return svg + "</g>"
    }
}
