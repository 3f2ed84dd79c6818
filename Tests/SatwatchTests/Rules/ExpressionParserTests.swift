@testable import SatwatchRules
import Testing

/// The expression language of thresholds and derived metrics: what parses to which value, and
/// the message and offset (in Unicode scalars) of everything that does not.
@Suite struct ExpressionParserTests {
    @Test(arguments: [
        ("42", 42), ("btc.usd", 100_000), ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3), ("100 / 10 / 5", 2), ("-5 + 2", -3), ("--5", 5), ("-(2 + 3) * 2", -10),
        ("2 * -3", -6), ("1e8", 100_000_000), ("2.5E-3 * 1000", 2.5), (".5 * 4", 2), ("1e+2", 100),
        ("sma(btc.usd, 200d)", 90_000), ("max(btc.usd, 30d) * 0.5", 55_000),
        ("fee.fastest * 140 * btc.usd / 1e8", 2.8), ("btc.usd - sma(btc.usd, 200d)", 10_000),
        ("  ema( eth.usd ,1h30m )  ", 3900), ("min(btc.usd, 1w)", 95_000), ("(btc.usd + eth.usd) / 2", 52_000),
        ("-btc.usd", -100_000), ("realized_price.usd * 1.5", 75_000), ("fee.half_hour/fee.fastest", 0.5),
        // Words that start with a digit (Binance's `1000PEPEUSDT`, `1INCHUSDT`) are names, and a
        // number stays a number wherever a name could follow it.
        ("mark.1000pepeusdt * 2", 0.02), ("1inch.usdt*4", 1), ("2 * 1inch.usdt", 0.5), ("btc.usd*1.5", 150_000),
        ("btc.usd.5 + .5", 7.5), ("1e3*1inch.usdt", 250), ("1e-3 * 1000", 1), ("2E2", 200), ("10-1inch.usdt", 9.75),
        // Only a divisor that folds to the constant 0 is refused: one read from metrics is not.
        ("btc.usd / (eth.usd - 3000)", 100), ("0 / btc.usd", 0),
        ("((((1))))", 1), ("btc.usd\n*\t2", 200_000), ("max(btc.usd, 30d) - min(btc.usd, 7d)", 15_000),
    ] as [(String, Double)])
    func values(text: String, expected: Double) throws {
        let expression = try Expression(parsing: text)
        #expect(expression.text == text)
        #expect(expression.evaluate(NamedExpressionInputs(expression: expression, values: NamedExpressionInputs.standard)) == expected)
    }

    @Test(arguments: [
        ("", "empty expression", 0), (" \t\n", "empty expression", 0),
        ("1 +", "unexpected end of expression", 3), ("-", "unexpected end of expression", 1),
        ("sma(btc.usd", "unexpected end of expression", 11),
        ("btc.usd #", "unexpected character \"#\"", 8), ("btc.usd × 2", "unexpected character \"×\"", 8),
        ("1. + 2", "unexpected character \".\"", 1), ("btc..usd", "unexpected character \".\"", 3),
        ("1 + * 2", "unexpected \"*\"", 4), ("(1 + 2", "missing \")\"", 6), ("(1 + 2 3)", "missing \")\"", 7),
        ("sma(btc.usd, 200d", "missing \")\"", 17),
        ("1 + 2)", "unexpected \")\" after a complete expression", 5),
        ("btc.usd eth.usd", "unexpected \"eth.usd\" after a complete expression", 8),
        ("smaa(btc.usd, 200d)", "unknown function \"smaa\" (did you mean \"sma\"?)", 0),
        ("2 * average (btc.usd, 1d)", "unknown function \"average\" (known: sma, ema, max, min)", 4),
        ("sma(200d, btc.usd)", "expected a metric name as the first argument of sma", 4),
        ("sma(ema(btc.usd, 1d), 2d)", "expected a metric name as the first argument of sma", 4),
        ("sma(btc.usd 200d)", "expected \",\" after the metric name in sma", 12),
        ("sma(btc.usd, )", "expected a duration as the second argument of sma (e.g. 200d)", 13),
        ("sma(btc.usd, 2x)", "invalid duration \"2x\" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)", 13),
        ("sma(btc.usd,1.5h)", "invalid duration \"1.5h\" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)", 12),
        ("min(btc.usd, 0d)", "the window of min must be longer than 0 (got \"0d\")", 13),
        ("ema()", "ema takes 2 arguments (a metric name and a duration), got 0", 4),
        ("sma(btc.usd)", "sma takes 2 arguments (a metric name and a duration), got 1", 11),
        ("max(btc.usd, 1d,  2d, x)", "max takes 2 arguments (a metric name and a duration), got 4", 18),
        ("BTC.usd * 2", "names are lowercase: write \"btc.usd\"", 0),
        ("1 * Sma(btc.usd, 1d)", "names are lowercase: write \"sma\"", 4),
        ("btc._1d", "invalid name \"btc._1d\" (each word between dots starts with a letter or a digit)", 0),
        ("1INCH.usdt", "names are lowercase: write \"1inch.usdt\"", 0),
        ("1_000", "unexpected character \"_\"", 1), ("100k", "unexpected \"k\" after a complete expression", 3), ("0.5x", "unexpected \"x\" after a complete expression", 3),
        ("NaN", "\"NaN\" is not a number satwatch takes: write a finite number (e.g. 1e308 for a bound nothing reaches)", 0),
        ("-Infinity", "\"Infinity\" is not a number satwatch takes: write a finite number (e.g. 1e308 for a bound nothing reaches)", 1),
        ("btc.usd * inf", "\"inf\" is not a number satwatch takes: write a finite number (e.g. 1e308 for a bound nothing reaches)", 10),
        ("nan", "\"nan\" is not a number satwatch takes: write a finite number (e.g. 1e308 for a bound nothing reaches)", 0),
        // A divisor that folds to 0 never yields a value, whatever the metrics: refused at the divisor.
        ("1 / 0", "division by zero", 4), ("btc.usd + 1 / (2 - 2)", "division by zero", 14),
        ("btc.usd / 0", "division by zero", 10), ("btc.usd / (1 - 1)", "division by zero", 10),
        ("btc.usd / -0", "division by zero", 10), ("fee.fastest * 140 / (2 * 0.0) + 1", "division by zero", 20),
        ("(btc.usd + eth.usd) / 0e5", "division by zero", 22), ("2 * btc.usd/ (3 - 1 - 2)", "division by zero", 13),
        ("1e400", "number 1e400 is out of range", 0), ("1e308 * 10", "the result is out of range", 6),
        ("2e", "invalid number \"2e\" (expected digits in the exponent)", 0),
        // Offsets count Unicode scalars: "\r\n" is one Character but two scalars.
        ("1\r\n+ #", "unexpected character \"#\"", 5), ("\u{3000}1 2", "unexpected \"2\" after a complete expression", 3),
    ] as [(String, String, Int)])
    func errors(text: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message, at: offset)) { try Expression(parsing: text) }
    }

    @Test func nestingIsBounded() {
        let text = String(repeating: "(", count: 600) + "1" + String(repeating: ")", count: 600)
        #expect(throws: ExpressionError("expression too long (more than 500 tokens)", at: 500)) { try Expression(parsing: text) }
    }
}
