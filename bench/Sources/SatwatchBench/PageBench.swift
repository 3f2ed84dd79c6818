import SatwatchApp
import SatwatchBase
import SatwatchRules


/// What the page costs with `rules` rules, each with a day of minutes on its chart (a noisy walk,
/// the worst case for thinning): the median render time and the document's size.
enum PageBench {
    static func run(rules count: Int, rounds: Int) -> (milliseconds: Double, bytes: Int) {
        let now = Timestamp(milliseconds: 20_437 * 86_400_000)
        var price = 92_000.0, state: UInt64 = 7
        let points: [(at: Timestamp, value: Double)] = (0..<1440).map { minute in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            price += Double((state >> 40) % 1_000) / 4 - 124.9
            return (now - .minutes(Int64(1440 - minute)), price)
        }
        let rules = (0..<count).map { index in
            RuleOverview(name: "btc-above-\(index)", metric: "btc.usd", source: nil, criterion: "above \(90_000 + index * 100)",
                         levels: [Double(90_000 + index * 100)], labels: [Label("team", "ops")], description: "rule \(index)",
                         channels: ["team"], state: RuleState(digest: "d"))
        }
        let data = DashboardData.rules(rules, points: points, now: now)
        var times: [Double] = []
        var html = ""
        for _ in 0..<rounds {
            let start = BenchClock.now()
            html = DashboardPage.render(data)
            times.append((BenchClock.now() - start) * 1000)
        }
        return (BenchClock.percentile(times, 50), html.utf8.count)
    }
}
