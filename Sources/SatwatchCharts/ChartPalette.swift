/// The colours both renderers use, so the page and the notification image look alike (and tests
/// can look for them in decoded pixels).
enum ChartPalette {
    static let background = RGBColor(255, 255, 255)
    /// Grid lines: light enough that the series stays the thing one sees.
    static let grid = RGBColor(229, 231, 235)
    /// The plot's left and bottom edges.
    static let axis = RGBColor(156, 163, 175)
    /// Tick labels.
    static let text = RGBColor(75, 85, 99)
    /// The title.
    static let title = RGBColor(17, 24, 39)
    /// The metric's line.
    static let series = RGBColor(37, 99, 235)
    /// Threshold and band lines and their labels: amber, apart from both the blue series and
    /// the red firing spans.
    static let threshold = RGBColor(217, 119, 6)
    /// Firing spans: this red at `firingAlpha` over the background, a light red.
    static let firing = RGBColor(220, 38, 38)
    static let firingAlpha = 0.15
}
