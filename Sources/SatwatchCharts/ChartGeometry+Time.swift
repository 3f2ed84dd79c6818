import SatwatchBase

extension ChartGeometry {
    /// Steps the time axis can use, in minutes: whole minutes and hours for a day or less, days beyond.
    static let timeSteps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10_080, 20_160, 40_320]

    /// Ticks at the smallest step that gives at most `maxCount` of them, on whole steps of the
    /// local clock (`utcOffset` seconds east of UTC): `00:00 03:00 06:00 ...` for a day, `03-14`
    /// (month-day) when a step is a day or more.
    static func timeTicks(from: Timestamp, to: Timestamp, maxCount: Int, utcOffset: Int) -> [(at: Timestamp, label: String)] {
        let span = to.milliseconds - from.milliseconds
        guard span > 0 else { return [] }
        let minutes = timeSteps.first { span / ($0 * 60_000) <= Int64(maxCount) }
            ?? ((span / 60_000 / Int64(max(1, maxCount)) / 40_320) + 1) * 40_320
        let step = minutes * 60_000, offset = Int64(utcOffset) * 1000
        let firstLocal = (from.milliseconds + offset + step - 1).floorDivided(by: step).quotient * step
        var ticks: [(at: Timestamp, label: String)] = []
        var local = firstLocal
        while local - offset <= to.milliseconds {
            let time = LocalDateTime(epochSeconds: local.floorDivided(by: 1000).quotient, utcOffset: 0)
            let label = minutes >= 1440 ? pad(time.month) + "-" + pad(time.day) : pad(time.hour) + ":" + pad(time.minute)
            ticks.append((Timestamp(milliseconds: local - offset), label))
            local += step
        }
        return ticks
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
