import SatwatchBase
import SatwatchCharts


/// What a notification's chart and the page's chart cost: a day of one point a minute (a noisy
/// random walk, harder to compress than a smooth line) with a threshold and two firing periods,
/// rendered `rounds` times; the median time and the size.
enum ChartBench {
    struct Result {
        var pngMilliseconds: Double
        var pngBytes: Int
        var svgMilliseconds: Double
        var svgBytes: Int
    }

    static func run(width: Int, height: Int, rounds: Int) -> Result {
        let from = Timestamp(milliseconds: 20_436 * 86_400_000)
        var price = 92_000.0, state: UInt64 = 42
        let points: [(at: Timestamp, value: Double)] = (0..<1440).map { minute in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            price += Double((state >> 40) % 1_000) / 4 - 124.9
            return (from + .minutes(Int64(minute)), price)
        }
        let spec = ChartSpec(points: points, from: from, to: from + .hours(24),
                             lines: [ChartLine(value: 95_000, label: "above 95000")],
                             spans: [ChartSpan(from: from + .hours(5), to: from + .hours(7)),
                                     ChartSpan(from: from + .hours(20), to: from + .hours(24))],
                             title: "btc.usd above 95000")
        var pngTimes: [Double] = [], svgTimes: [Double] = []
        var png: [UInt8] = [], svg = ""
        for _ in 0..<rounds {
            let start = BenchClock.now()
            png = PNGChart.render(spec, width: width, height: height)
            let middle = BenchClock.now()
            svg = SVGChart.render(spec, width: width, height: height)
            svgTimes.append((BenchClock.now() - middle) * 1000)
            pngTimes.append((middle - start) * 1000)
        }
        return Result(pngMilliseconds: BenchClock.percentile(pngTimes, 50), pngBytes: png.count,
                      svgMilliseconds: BenchClock.percentile(svgTimes, 50), svgBytes: svg.utf8.count)
    }
}
