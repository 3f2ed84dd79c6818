import Foundation
@testable import SatwatchBase
@testable import SatwatchCharts

/// A day of a metric as the page and notifications will chart it: one point a minute.
enum ChartSample {
    /// 2026-03-14 00:00 UTC.
    static let from = Timestamp(milliseconds: 20_526 * 86_400_000)
    static let to = from + .hours(24)

    /// A wave between 110 and 190, one point a minute for 24 h (1441 points).
    static func value(minute: Int) -> Double { 150 + 40 * sin(Double(minute) / 90) }

    static let points: [(at: Timestamp, value: Double)] = (0...1440).map { (from + .minutes(Int64($0)), value(minute: $0)) }

    /// The wave, a threshold at 250 above it and a firing period 06:00-08:00.
    static let spec = ChartSpec(points: points, from: from, to: to, lines: [ChartLine(value: 250, label: "above 250")],
                                spans: [ChartSpan(from: from + .hours(6), to: from + .hours(8))], title: "BTC price (usd)")
}
