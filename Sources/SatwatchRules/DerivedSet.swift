import SatwatchBase

/// The engine's derived metrics: each expression bound to the table, and which slots' samples
/// recompute which metric.
struct DerivedSet: Sendable {
    let metrics: [DerivedMetric]
    let expressions: [BoundExpression]
    /// Per derived metric, the slots it reads as values.
    let inputs: [[Int]]
    /// Per slot, the derived metrics its samples recompute.
    let routes: [[Int]]
    /// Derived samples computed since the last `take`, for the metric board.
    var computed: [Sample] = []

    /// Binds every derived metric; the last to bind, so every slot exists when it routes them.
    init(_ metrics: [DerivedMetric], slots: inout MetricSlots) {
        var expressions: [BoundExpression] = []
        var inputs: [[Int]] = []
        for metric in metrics {
            var expression = BoundExpression(metric.expression)
            slots.beginRule()
            expression.bind(&slots)
            expressions.append(expression)
            inputs.append(slots.inputs)
        }
        var routes = Array(repeating: [Int](), count: slots.count)
        for (index, read) in inputs.enumerated() { for slot in read { routes[slot].append(index) } }
        self.metrics = metrics
        self.expressions = expressions
        self.inputs = inputs
        self.routes = routes
    }
}
