/// A span of the local day in minutes, start inclusive and end exclusive (`17:00`–`24:00` is
/// 1020..<1440). A start after the end wraps past midnight (`23:00`–`07:00`): the same as the
/// two ranges `23:00`–`24:00` and `00:00`–`07:00`, each checked on the day it falls on.
struct TimeOfDayRange: Sendable, Equatable {
    /// Minutes after local midnight, 0...1439.
    let startMinute: Int
    /// Minutes after local midnight, 1...1440 (exclusive); may be below `startMinute`.
    let endMinute: Int

    /// Whether `minute` (minutes after local midnight) falls in the range.
    func contains(minute: Int) -> Bool {
        startMinute < endMinute
            ? (startMinute <= minute && minute < endMinute)
            : (minute >= startMinute || minute < endMinute)
    }

    /// Minutes after midnight of `HH:MM` (two digits each, `00:00` to `23:59`, or `24:00`), as
    /// Alertmanager accepts them; nil otherwise.
    static func minutes(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == 0x3A,
              bytes.indices.allSatisfy({ $0 == 2 || (0x30...0x39).contains(bytes[$0]) }) else { return nil }
        let hours = Int(bytes[0] - 0x30) * 10 + Int(bytes[1] - 0x30)
        let minutes = Int(bytes[3] - 0x30) * 10 + Int(bytes[4] - 0x30)
        guard (hours < 24 && minutes < 60) || (hours == 24 && minutes == 0) else { return nil }
        return hours * 60 + minutes
    }
}
