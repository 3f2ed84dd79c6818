import SatwatchBase

extension TimeSpan {
    /// A Swift `Duration` in whole milliseconds (rounded up, so a wait is never shortened),
    /// clamped to what a `TimeSpan` holds.
    init(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow, seconds >= 0 else {
            self.init(milliseconds: seconds < 0 ? 0 : Int64.max / 2)
            return
        }
        let extra = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        self.init(milliseconds: millis + extra)
    }
}
