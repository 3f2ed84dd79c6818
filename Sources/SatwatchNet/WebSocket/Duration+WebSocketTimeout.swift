extension Duration {
    /// Whole milliseconds, rounded up so a short positive wait never becomes a busy poll.
    var roundedUpMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let rounded = (attoseconds + perMillisecond - 1) / perMillisecond
        return seconds.multipliedReportingOverflow(by: 1000).overflow ? .max : seconds * 1000 + rounded
    }
}
