import SatwatchBase

/// A threshold or derived metric written as arithmetic over metrics and window functions:
/// `sma(btc.usd, 200d)`, `max(btc.usd, 30d) * 0.8`, `fee.fastest * 140 * btc.usd / 1e8`.
///
/// Numbers, metric names, `+ - * /`, unary `-`, parentheses and the ``WindowFunction``s, which
/// take a metric name and a duration. Numbers are decimal with an optional exponent (`140`,
/// `0.8`, `.5`, `1e8`; not `1.`); names are lowercase dotted words. Every metric reference, call
/// and error carries its offset in the text, so `check` can point at the line:column inside the
/// config string.
package struct Expression: Sendable, Equatable {
    /// The expression as written.
    package let text: String
    /// The parsed tree, constant parts folded.
    let root: ExpressionNode
    /// Every plain metric occurrence, in text order (a window function's metric argument is in
    /// `windows` instead); `ExpressionInputs.metric(_:)` indexes this list.
    package let metrics: [MetricReference]
    /// Every window function call, in text order; `ExpressionInputs.window(_:)` indexes this list.
    package let windows: [WindowCall]
    /// The value when the expression reads no metric and no window (`2 * 3` gives 6), else nil.
    package let constant: Double?

    /// Parses `text`; the error tells what is wrong and at which offset (in Unicode scalars).
    package init(parsing text: String) throws(ExpressionError) {
        var parser = ExpressionParser(text)
        let root = try parser.parse()
        self.init(text: text, root: root, metrics: parser.metrics, windows: parser.windows)
    }

    /// A plain number, for a threshold written as a JSON number; `text` is the number as
    /// messages show it (`DisplayNumber`).
    package init(constant value: Double) {
        self.init(text: DisplayNumber.format(value), root: .number(value), metrics: [], windows: [])
    }

    private init(text: String, root: ExpressionNode, metrics: [MetricReference], windows: [WindowCall]) {
        self.text = text
        self.root = root
        self.metrics = metrics
        self.windows = windows
        // Folding leaves a bare number exactly when nothing in the text varies.
        if case .number(let value) = root { constant = value } else { constant = nil }
    }
}

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

/// One plain metric name in an ``Expression`` (`btc.usd` in `btc.usd * 2`), where it is written.
package struct MetricReference: Sendable, Equatable {
    /// The metric's name, e.g. `btc.usd`.
    package var name: String
    /// The 0-based offset, in Unicode scalars, of the name's first character in the expression
    /// text, so a diagnostic can point at an unknown metric inside the string.
    package var offset: Int
}

/// The current values an ``Expression`` reads when evaluated. Indexes are positions in the
/// expression's own `metrics` and `windows`; the rule engine maps them to its storage once, when
/// it loads the rule, so evaluation does no name lookup.
protocol ExpressionInputs {
    /// The latest value of `metrics[index]`, or nil when there is none yet.
    func metric(_ index: Int) -> Double?
    /// The value of `windows[index]` (e.g. the 200-day average), or nil when it is unknown.
    func window(_ index: Int) -> Double?
}
