import SatwatchBase

/// RFC 5322 §3.3 date-time text in UTC, e.g. `Wed, 21 Oct 2015 07:28:00 +0000`.
enum MailDate {
    static func format(epochSeconds: Int64) -> String {
        let date = CivilDate(epochSeconds: epochSeconds)
        return "\(CivilDate.weekdayNames[date.weekday]), \(twoDigits(date.day)) "
            + "\(CivilDate.monthNames[date.month - 1]) \(date.year) "
            + "\(twoDigits(date.hour)):\(twoDigits(date.minute)):\(twoDigits(date.second)) +0000"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
