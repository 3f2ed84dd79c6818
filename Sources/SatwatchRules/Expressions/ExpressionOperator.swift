/// A binary arithmetic operator of an ``Expression``.
enum ExpressionOperator: Sendable, Hashable {
    case add, subtract, multiply, divide

    /// `lhs op rhs`, or nil on a division by zero or a result that is not finite (an overflow,
    /// or an infinite operand), so a threshold never silently becomes `inf` or `nan`.
    @inline(__always)
    func apply(_ lhs: Double, _ rhs: Double) -> Double? {
        let result: Double
        switch self {
        case .add: result = lhs + rhs
        case .subtract: result = lhs - rhs
        case .multiply: result = lhs * rhs
        case .divide:
            guard rhs != 0 else { return nil }
            result = lhs / rhs
        }
        return result.isFinite ? result : nil
    }
}
