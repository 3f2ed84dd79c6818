@testable import SatwatchRules
import Testing

/// Evaluation against the engine's inputs: any missing input, a division by zero or a
/// non-finite result gives nil rather than a threshold that silently never (or always) holds.
@Suite struct ExpressionEvaluationTests {
    @Test(arguments: [
        ("btc.usd + 1", [nil], [], nil), ("-btc.usd", [nil], [], nil), ("1 + -btc.usd", [2], [], -1),
        ("sma(btc.usd, 200d) * 2", [], [nil], nil), ("sma(btc.usd, 200d) * 2", [], [3], 6),
        ("btc.usd / fee.fastest", [10, 0], [], nil), ("btc.usd / fee.fastest", [10, 4], [], 2.5),
        ("btc.usd / (fee.fastest - 20)", [1, 20], [], nil), ("btc.usd * 1e300", [1e10], [], nil),
        ("btc.usd - btc.usd", [.infinity, .infinity], [], nil), ("btc.usd", [.nan], [], nil), ("btc.usd", [.infinity], [], nil),
        ("eth.usd / btc.usd", [2, 8], [], 0.25), ("eth.usd / btc.usd", [2, nil], [], nil),
        ("max(a, 1d) - min(a, 1d)", [], [5, 3], 2), ("max(a, 1d) - min(a, 1d) + a", [nil], [5, 3], nil),
    ] as [(String, [Double?], [Double?], Double?)])
    func evaluation(text: String, metrics: [Double?], windows: [Double?], expected: Double?) throws {
        let expression = try Expression(parsing: text)
        let value = expression.evaluate(IndexedExpressionInputs(metrics: metrics, windows: windows))
        #expect(value == expected)
    }

    @Test func constantReadsNoInput() throws {
        let inputs = IndexedExpressionInputs()
        #expect(try Expression(parsing: "(2 + 3) * 4").evaluate(inputs) == 20)
        #expect(inputs.reads == 0)
        #expect(Expression(constant: .infinity).evaluate(inputs) == nil)
    }
}
