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
