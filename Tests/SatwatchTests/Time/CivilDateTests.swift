@testable import SatwatchBase
import Testing

/// Epoch seconds ↔ calendar fields, checked against values from Python's `calendar.timegm`.
@Suite("CivilDate")
struct CivilDateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var epoch: Int64
        var fields: (Int, Int, Int, Int, Int, Int)
        var weekday: String
        var testDescription: String { "\(epoch)" }
    }

    @Test("known instants", arguments: [
        Case(epoch: 0, fields: (1970, 1, 1, 0, 0, 0), weekday: "Thu"),
        Case(epoch: 1_445_412_480, fields: (2015, 10, 21, 7, 28, 0), weekday: "Wed"),
        Case(epoch: 951_825_600, fields: (2000, 2, 29, 12, 0, 0), weekday: "Tue"),
        Case(epoch: 4_102_444_800, fields: (2100, 1, 1, 0, 0, 0), weekday: "Fri"),
        Case(epoch: -1, fields: (1969, 12, 31, 23, 59, 59), weekday: "Wed"),
        Case(epoch: -2_203_891_200, fields: (1900, 3, 1, 0, 0, 0), weekday: "Thu"),
        Case(epoch: 1_735_689_599, fields: (2024, 12, 31, 23, 59, 59), weekday: "Tue"),
    ])
    func known(entry: Case) {
        let date = CivilDate(epochSeconds: entry.epoch)
        let (year, month, day, hour, minute, second) = entry.fields
        #expect(date == CivilDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        #expect(CivilDate.weekdayNames[date.weekday] == entry.weekday)
        #expect(date.epochSeconds == entry.epoch)
    }

    @Test("every day from 1899 to 2101 round-trips and stays valid")
    func roundTrip() {
        var previous: CivilDate?
        for day in stride(from: Int64(-25_600), through: 47_500, by: 1) {
            let epoch = day * 86_400 + 43_201
            let date = CivilDate(epochSeconds: epoch)
            #expect(date.isValid && date.epochSeconds == epoch)
            if let previous, previous.day + 1 != date.day { #expect(date.day == 1) }
            previous = date
        }
    }
}
