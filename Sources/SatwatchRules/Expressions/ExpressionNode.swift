/// The parsed form of an ``Expression``: a tree whose leaves index the expression's own
/// `metrics` and `windows`, so the engine resolves each once and the tree holds no strings.
indirect enum ExpressionNode: Sendable, Equatable {
    /// A literal, or a constant part folded at parse time.
    case number(Double)
    /// The value of `Expression.metrics[index]`.
    case metric(Int)
    /// The value of `Expression.windows[index]`.
    case window(Int)
    /// The operand with its sign flipped.
    case negate(ExpressionNode)
    /// `lhs op rhs`.
    case binary(ExpressionOperator, ExpressionNode, ExpressionNode)
}
