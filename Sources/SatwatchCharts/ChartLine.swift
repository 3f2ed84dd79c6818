/// A horizontal line across the plot: a rule's threshold, or one edge of its band.
package struct ChartLine: Sendable, Equatable {
    /// Where the line is on the value axis; a non-finite value is not drawn.
    package var value: Double
    /// Text drawn above the line at its right end (`above 100000`); empty for none.
    package var label: String

    /// A line at `value` labelled `label`.
    package init(value: Double, label: String = "") {
        self.value = value
        self.label = label
    }
}
