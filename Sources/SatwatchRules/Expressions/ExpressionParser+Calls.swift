import SatwatchBase

extension ExpressionParser {
    /// `function(metric, duration)`, with the current token at the `(` after the name written
    /// at `start`; records the call in `windows`.
    mutating func call(_ name: String, at start: Int) throws(ExpressionError) -> ExpressionNode {
        guard let function = WindowFunction(rawValue: name) else {
            let known = WindowFunction.allCases.map(\.rawValue)
            throw ExpressionError("unknown function \"\(name)\"" + EditDistance.hintOrList(for: name, among: known), at: start)
        }
        let usage = "\(name) takes 2 arguments (a metric name and a duration)"
        try advance()
        if token == .symbol(")") { throw ExpressionError("\(usage), got 0", at: offset) }
        guard case .name(let metric) = token else {
            throw ExpressionError("expected a metric name as the first argument of \(name)", at: offset)
        }
        let metricOffset = offset
        try advance()
        switch token {
        case .symbol(","): break
        case .symbol(")"): throw ExpressionError("\(usage), got 1", at: offset)
        // A call (`sma(ema(…), …)`): windows of windows are not part of the language.
        case .symbol("("): throw ExpressionError("expected a metric name as the first argument of \(name)", at: metricOffset)
        case .end: throw ExpressionError("unexpected end of expression", at: offset)
        default: throw ExpressionError("expected \",\" after the metric name in \(name)", at: offset)
        }
        let span = try duration(of: name)
        try advance()
        switch token {
        case .symbol(")"): break
        case .symbol(","): throw ExpressionError("\(usage), got \(2 + lexer.argumentsAhead())", at: lexer.skipSpace())
        default: throw ExpressionError("missing \")\"", at: offset)
        }
        try advance()
        windows.append(WindowCall(function: function, metric: metric, span: span, offset: start, metricOffset: metricOffset))
        return .window(windows.count - 1)
    }

    /// The second argument: a `TimeSpan` longer than zero.
    private mutating func duration(of name: String) throws(ExpressionError) -> TimeSpan {
        let (text, at) = lexer.word()
        guard !text.isEmpty else {
            throw ExpressionError("expected a duration as the second argument of \(name) (e.g. 200d)", at: at)
        }
        // Same wording as a duration anywhere else in the config.
        guard let span = TimeSpan(parsing: text) else {
            throw ExpressionError("invalid duration \"\(text)\" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)", at: at)
        }
        guard span.milliseconds > 0 else {
            throw ExpressionError("the window of \(name) must be longer than 0 (got \"\(text)\")", at: at)
        }
        return span
    }
}
