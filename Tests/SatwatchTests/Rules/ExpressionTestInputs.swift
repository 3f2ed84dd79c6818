@testable import SatwatchRules


/// Expression inputs looked up by name: a plain metric by its name, a window call by its
/// canonical text (`sma(btc.usd, 200d)`); anything not listed is missing (nil).
struct NamedExpressionInputs: ExpressionInputs {
    let expression: Expression
    var values: [String: Double]

    /// The values the parser tables evaluate against.
    static let standard: [String: Double] = [
        "btc.usd": 100_000, "eth.usd": 4000, "fee.fastest": 20, "fee.half_hour": 10, "realized_price.usd": 50_000,
        "mark.1000pepeusdt": 0.01, "1inch.usdt": 0.25, "btc.usd.5": 7,
        "sma(btc.usd, 200d)": 90_000, "max(btc.usd, 30d)": 110_000, "min(btc.usd, 7d)": 95_000,
        "ema(eth.usd, 1h30m)": 3900,
    ]

    func metric(_ index: Int) -> Double? { values[expression.metrics[index].name] }
    func window(_ index: Int) -> Double? { values[expression.windows[index].text] }
}

/// Inputs by position, counting how often they are read (a constant must read none).
final class IndexedExpressionInputs: ExpressionInputs {
    let metrics: [Double?], windows: [Double?]
    private(set) var reads = 0

    init(metrics: [Double?] = [], windows: [Double?] = []) {
        self.metrics = metrics
        self.windows = windows
    }

    func metric(_ index: Int) -> Double? { reads += 1; return metrics[index] }
    func window(_ index: Int) -> Double? { reads += 1; return windows[index] }
}
