import SatwatchBase
import SatwatchJSON

extension ConfigObject {
    /// A level: a number, or an expression (`"sma(btc.usd, 200d)"`) whose syntax, metrics and
    /// windows are checked, each problem reported at its line:column inside the string.
    mutating func expression(_ key: String, checks: any MetricChecks, required: Bool = false) -> Expression? {
        guard let member = present(key, required: required) else { return nil }
        return expression(member.node, checks: checks)
    }

    /// A level read from `node` (see `expression(_:checks:required:)`).
    package func expression(_ node: JSONNode, checks: any MetricChecks) -> Expression? {
        if let number = node.number { return Expression(constant: number) }
        guard let text = node.string else { return typeMismatch(node, expected: "a number or an expression") }
        let expression: Expression
        do {
            expression = try Expression(parsing: text)
        } catch {
            report(at: location(at: error.offset, inStringAt: node.location), error.message)
            return nil
        }
        var valid = true
        for reference in expression.metrics {
            guard let problem = checks.metricProblem(reference.name, pinned: false) else { continue }
            report(at: location(at: reference.offset, inStringAt: node.location), problem)
            valid = false
        }
        for call in expression.windows {
            if let problem = checks.metricProblem(call.metric, pinned: false) {
                report(at: location(at: call.metricOffset, inStringAt: node.location), problem)
                valid = false
            }
            if call.span >= .days(1), !WholeDays.isWhole(call.span) {
                report(at: location(at: call.offset, inStringAt: node.location),
                       "window \(call.span.text) of \(call.function.rawValue): windows of a day or more count whole days (e.g. 2d, not 36h)")
                valid = false
            }
        }
        return valid ? expression : nil
    }
}
