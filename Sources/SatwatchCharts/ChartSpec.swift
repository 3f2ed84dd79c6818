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
