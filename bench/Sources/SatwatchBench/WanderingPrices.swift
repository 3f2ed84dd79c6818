/// 1,024 prices wandering around 92k without a trend: the steady state the evaluation benches
/// feed, crossing none of their thresholds.
enum WanderingPrices {
    static func make() -> [Double] {
        var prices: [Double] = []
        var price = 92_000.0
        for step in 0..<1024 {
            price += Double((step * 7919) % 200) - 99.5
            prices.append(price)
        }
        return prices
    }
}
