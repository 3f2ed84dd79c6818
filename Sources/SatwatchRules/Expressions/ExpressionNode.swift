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

extension ExpressionNode {
    /// The subtree's value, or nil as soon as an input is missing or an operation fails
    /// (see `ExpressionOperator.apply`).
    func evaluate<Inputs: ExpressionInputs>(_ inputs: Inputs) -> Double? {
        switch self {
        case .number(let value):
            return value
        case .metric(let index):
            return inputs.metric(index)
        case .window(let index):
            return inputs.window(index)
        case .negate(let operand):
            guard let value = operand.evaluate(inputs) else { return nil }
            return -value
        case .binary(let op, let lhs, let rhs):
            guard let a = lhs.evaluate(inputs), let b = rhs.evaluate(inputs) else { return nil }
            return op.apply(a, b)
        }
    }
}
