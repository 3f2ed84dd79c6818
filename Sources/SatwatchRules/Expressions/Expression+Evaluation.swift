extension Expression {
    /// The value for the current `inputs`; nil when an input it reads is nil, on a division by
    /// zero, or when the result is not finite. Runs in the rule engine's hot loop: a constant is
    /// returned without looking at the tree, and nothing allocates.
    @inline(__always)
    func evaluate<Inputs: ExpressionInputs>(_ inputs: Inputs) -> Double? {
        if let constant { return constant.isFinite ? constant : nil }
        guard let value = root.evaluate(inputs), value.isFinite else { return nil }
        return value
    }
}
