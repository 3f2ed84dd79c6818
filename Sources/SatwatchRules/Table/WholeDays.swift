import SatwatchBase

/// How windows of a day or more count: whole UTC days of daily closes.
enum WholeDays {
    private static let millisecondsPerDay = Timestamp.millisecondsPerDay

    /// The number of daily closes a window of `span` reads (`200d` → 200).
    static func count(in span: TimeSpan) -> Int { Int(span.milliseconds / millisecondsPerDay) }

    /// Whether `span` is a whole number of days, as windows of a day or more must be.
    static func isWhole(_ span: TimeSpan) -> Bool { span.milliseconds % millisecondsPerDay == 0 }
}
