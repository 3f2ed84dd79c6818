@testable import SatwatchBase


/// Builds Coin Metrics `timeseries/asset-metrics` pages for tests.
enum CoinMetricsPage {
    /// Day number `day` (days since 1970-01-01) as Coin Metrics writes it.
    static func time(_ day: Int64) -> String {
        String(Timestamp(milliseconds: day * 86_400_000).rfc3339.prefix(10)) + "T00:00:00.000000000Z"
    }

    /// A page with one row per day; `price`/`mvrv` give each day's value (nil leaves it out).
    static func text(days: [Int64], price: (Int64) -> String?, mvrv: (Int64) -> String? = { _ in "2" }) -> String {
        let rows = days.map { day in
            var fields = [#""asset":"btc""#, #""time":"\#(time(day))""#]
            if let mvrv = mvrv(day) { fields.append(#""CapMVRVCur":"\#(mvrv)""#) }
            if let price = price(day) { fields.append(#""PriceUSD":"\#(price)""#) }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return #"{"data":["# + rows.joined(separator: ",") + "]}"
    }

    /// 2025-06-01 as a day number: the first synthetic day.
    static let firstDay: Int64 = 20_240

    /// A synthetic daily price: distinct, not round, so a wrong day or mean shows.
    static func price(_ day: Int64) -> Double { 60_000 + Double(day - firstDay) * 101.25 }
}
