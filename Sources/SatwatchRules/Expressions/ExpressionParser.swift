/// Recursive descent over ``ExpressionLexer``'s tokens:
///
///     expr    := term (('+' | '-') term)*
///     term    := unary (('*' | '/') unary)*
///     unary   := '-' unary | primary
///     primary := number | name | name '(' name ',' duration ')' | '(' expr ')'
///
/// Constant parts are folded as they are built (`2 * 3` becomes `6`), so an expression without
/// metrics ends up a single number the engine never has to walk.
struct ExpressionParser {
    /// Far more than any real threshold; bounds the recursion (`((((…`, `----…1`) and the tree.
    static let maximumTokens = 500

    var lexer: ExpressionLexer
    /// The current token and the offset of its first scalar.
    private(set) var token: ExpressionToken = .end
    private(set) var offset = 0
    private var tokens = 0
    /// Plain metric occurrences and window calls, in text order; the tree's leaves index them.
    var metrics: [MetricReference] = []
    var windows: [WindowCall] = []

    init(_ text: String) { lexer = ExpressionLexer(text) }

    /// The whole text as one expression.
    mutating func parse() throws(ExpressionError) -> ExpressionNode {
        guard lexer.scalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw ExpressionError("empty expression", at: 0)
        }
        try advance()
        let root = try expression()
        guard token == .end else {
            throw ExpressionError("unexpected \"\(tokenText)\" after a complete expression", at: offset)
        }
        return root
    }

    /// Moves to the next token.
    mutating func advance() throws(ExpressionError) {
        (token, offset) = try lexer.next()
        tokens += 1
        guard tokens <= Self.maximumTokens else {
            throw ExpressionError("expression too long (more than \(Self.maximumTokens) tokens)", at: offset)
        }
    }

    /// The current token as written.
    var tokenText: String { lexer.text(offset..<lexer.index) }

    private mutating func expression() throws(ExpressionError) -> ExpressionNode {
        var lhs = try term()
        while case .symbol(let scalar) = token, scalar == "+" || scalar == "-" {
            let at = offset
            try advance()
            lhs = try Self.combine(scalar == "+" ? .add : .subtract, lhs, try term(), at: at)
        }
        return lhs
    }

    private mutating func term() throws(ExpressionError) -> ExpressionNode {
        var lhs = try unary()
        while case .symbol(let scalar) = token, scalar == "*" || scalar == "/" {
            let at = offset
            try advance()
            let divisorAt = offset
            let rhs = try unary()
            // A divisor that folds to 0 makes the whole never have a value, whatever the
            // metrics read: a rule that never fires or a derived metric never published.
            if scalar == "/", case .number(0) = rhs { throw ExpressionError("division by zero", at: divisorAt) }
            lhs = try Self.combine(scalar == "*" ? .multiply : .divide, lhs, rhs, at: at)
        }
        return lhs
    }

    private mutating func unary() throws(ExpressionError) -> ExpressionNode {
        guard token == .symbol("-") else { return try primary() }
        try advance()
        let operand = try unary()
        if case .number(let value) = operand { return .number(-value) }
        return .negate(operand)
    }

    private mutating func primary() throws(ExpressionError) -> ExpressionNode {
        let start = offset
        switch token {
        case .number(let value):
            try advance()
            return .number(value)
        case .name(let name):
            try advance()
            if token == .symbol("(") { return try call(name, at: start) }
            metrics.append(MetricReference(name: name, offset: start))
            return .metric(metrics.count - 1)
        case .symbol("("):
            try advance()
            let inner = try expression()
            guard token == .symbol(")") else { throw ExpressionError("missing \")\"", at: offset) }
            try advance()
            return inner
        case .symbol:
            throw ExpressionError("unexpected \"\(tokenText)\"", at: start)
        case .end:
            throw ExpressionError("unexpected end of expression", at: start)
        }
    }

    /// `lhs op rhs`, folded to a number when both sides are numbers; a constant overflow is a
    /// config error (at the operator), not a threshold that never holds. (A division by zero
    /// is refused before, at the divisor, constant or not.)
    private static func combine(_ op: ExpressionOperator, _ lhs: ExpressionNode, _ rhs: ExpressionNode,
                                at offset: Int) throws(ExpressionError) -> ExpressionNode {
        guard case .number(let a) = lhs, case .number(let b) = rhs else { return .binary(op, lhs, rhs) }
        guard let value = op.apply(a, b) else {
            throw ExpressionError("the result is out of range", at: offset)
        }
        return .number(value)
    }
}
