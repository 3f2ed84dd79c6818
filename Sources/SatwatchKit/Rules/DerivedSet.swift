/// The engine's derived metrics: each expression bound to the table, and which slots' samples
/// recompute which metric.
struct DerivedSet: Sendable {
    let metrics: [DerivedMetric]
    let expressions: [BoundExpression]
    /// Per derived metric, the slots it reads as values.
    let inputs: [[Int]]
    /// Per slot, the derived metrics its samples recompute.
    private(set) var routes: [[Int]] = []
    /// Derived samples computed since the last `take`, for the metric board.
    var computed: [Sample] = []

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
        self.metrics = metrics
        self.expressions = expressions
        self.inputs = inputs
    }

    /// Builds the routes once every slot exists.
    mutating func route(slotCount: Int) {
        routes = Array(repeating: [], count: slotCount)
        for (index, slots) in inputs.enumerated() { for slot in slots { routes[slot].append(index) } }
    }
}
