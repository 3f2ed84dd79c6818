import SatwatchBase

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

extension SVGChart {
    /// The metric's line: one path, a new `M` after every gap; a lone point is a round dot.
    ///
    /// After each `M` the points are relative moves (`l`) between positions rounded to a tenth
    /// of a pixel: a day at one point a minute is 1,440 points, and `.4-1.2` instead of
    /// `L123.4 56.7` makes the page's charts about 40% smaller, with no drift, since each move
    /// is the difference of two rounded positions.
    static func series(_ chart: ChartGeometry, _ points: [(at: Timestamp, value: Double)]) -> String {
        var path = ""
        for segment in chart.segments(points) {
            guard let first = segment.first else { continue }
            var previous = (x: tenths(first.x), y: tenths(first.y))
            path += "M" + number(first.x) + " " + number(first.y)
            guard segment.count > 1 else {
                path += "h0"
                continue
            }
            path += "l"
            for point in segment.dropFirst() {
                let x = tenths(point.x), y = tenths(point.y)
                append(x - previous.x, to: &path)
                append(y - previous.y, to: &path)
                previous = (x, y)
            }
        }
        guard !path.isEmpty else { return "" }
        return "<path d=\"\(path)\" fill=\"none\" stroke=\"\(ChartPalette.series.hex)\" stroke-width=\"1.5\""
            + " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
    }

    /// A position in whole tenths of a pixel, as `number` rounds it.
    static func tenths(_ value: Double) -> Int64 {
        value.isFinite ? Int64((value * 10).rounded()) : 0
    }

    /// Appends a distance in tenths (`.4`, `-1.2`, `3`), with a space before it unless it
    /// follows the command letter or starts with its minus sign.
    private static func append(_ tenths: Int64, to path: inout String) {
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        let digits = (whole == 0 && fraction != 0 ? "" : String(whole)) + (fraction == 0 ? "" : "." + String(fraction))
        if tenths < 0 {
            path += "-"
        } else if path.last != "l" {
            path += " "
        }
        path += digits
    }
}

extension SVGChart {
    /// `text` safe inside an XML element or a quoted attribute (`MarkupText.escape`).
    static func escaped(_ text: String) -> String { MarkupText.escape(text) }

    /// A coordinate with at most one decimal (`12`, `12.5`, `-0.4`): a tenth of a pixel is
    /// finer than any screen shows, and short numbers keep a page of 100 charts small.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        return sign + String(whole) + (fraction == 0 ? "" : "." + String(fraction))
    }
}
