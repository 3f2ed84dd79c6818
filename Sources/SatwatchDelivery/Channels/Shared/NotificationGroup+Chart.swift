extension NotificationGroup {
    /// The chart a message of this group attaches: a lone notification's, when the delivery made
    /// one and it is at most `limit` bytes (the service's file limit). A larger one is left out
    /// rather than failing the delivery: the alert still goes out, as text.
    func chart(limit: Int) -> [UInt8]? {
        guard single != nil, let chart = extras[0].chart, !chart.isEmpty, chart.count <= limit else { return nil }
        return chart
    }

    /// The file name every channel gives the chart.
    static let chartFilename = "chart.png"
    /// The chart's media type.
    static let chartType = "image/png"
}
