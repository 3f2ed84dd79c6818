@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// What a parsed expression exposes: folded constants, its metric references and window calls
/// with their offsets, and the canonical text of each call.
@Suite struct ExpressionStructureTests {
    @Test(arguments: [
        ("2 * 3", 6), ("1 + 2 * 3", 7), ("-(2)", -2), ("(1e8 / 4) - 5", 24_999_995), ("7", 7),
        ("btc.usd", nil), ("sma(btc.usd, 1d) * 0", nil), ("0 * btc.usd", nil),
    ] as [(String, Double?)])
    func constants(text: String, expected: Double?) throws {
        #expect(try Expression(parsing: text).constant == expected)
    }

    @Test func foldsOnlyConstantSubtrees() throws {
        #expect(try Expression(parsing: "btc.usd * (2 * 3)").root == .binary(.multiply, .metric(0), .number(6)))
        #expect(try Expression(parsing: "-btc.usd - -1").root == .binary(.subtract, .negate(.metric(0)), .number(-1)))
        // No reassociation: `btc.usd * 2 * 3` is `(btc.usd * 2) * 3`, as floating point requires.
        #expect(try Expression(parsing: "btc.usd * 2 * 3").root
            == .binary(.multiply, .binary(.multiply, .metric(0), .number(2)), .number(3)))
    }

    @Test func referencesInTextOrder() throws {
        let expression = try Expression(parsing: "btc.usd * sma(eth.usd, 200d) +\r\n max( btc.usd ,1h30m) / btc.usd")
        #expect(expression.metrics == [MetricReference(name: "btc.usd", offset: 0), MetricReference(name: "btc.usd", offset: 56)])
        #expect(expression.windows == [
            WindowCall(function: .sma, metric: "eth.usd", span: TimeSpan(milliseconds: 200 * 86_400_000), offset: 10, metricOffset: 14),
            WindowCall(function: .max, metric: "btc.usd", span: TimeSpan(milliseconds: 5_400_000), offset: 33, metricOffset: 38),
        ])
        #expect(expression.windows.map(\.text) == ["sma(eth.usd, 200d)", "max(btc.usd, 1h30m)"])
        #expect(expression.constant == nil)
    }

    @Test(arguments: [("sma( btc.usd ,1h30m )", "sma(btc.usd, 1h30m)"), ("min(x, 1w)", "min(x, 7d)"),
                      ("ema(fee.half_hour,90m)", "ema(fee.half_hour, 1h30m)")])
    func canonicalCallText(text: String, expected: String) throws {
        #expect(try Expression(parsing: text).windows.map(\.text) == [expected])
    }

    @Test func constantFromNumber() {
        let expression = Expression(constant: 92284.61)
        #expect(expression.text == "92284.61")
        #expect(expression.constant == 92284.61)
        #expect(expression.metrics.isEmpty && expression.windows.isEmpty)
        #expect(expression.evaluate(IndexedExpressionInputs()) == 92284.61)
        #expect(Expression(constant: 1e8).text == "100000000")
    }
}
