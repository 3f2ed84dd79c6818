import SatwatchBase

/// Reads a rule's (or an `all`/`any` part's) one condition: finds the key that selects its kind
/// and hands over to that kind's parser.
package enum ConditionReader {
    /// The condition in `object`; nil (after reporting why) when there is none, more than one,
    /// or it is invalid. `levelOnly`: only level conditions, as `all`/`any` parts take.
    package static func read(_ object: inout ConfigObject, _ scope: ConditionScope, levelOnly: Bool = false) -> (any RuleCondition)? {
        let kinds = levelOnly ? ConditionKinds.all.filter { $0.isLevel } : ConditionKinds.all
        let keys = kinds.flatMap { $0.keys }
        let present = keys.filter { object.has($0) }
        for key in ConditionKinds.keys where key != present.first { _ = object.member(key) }
        guard let key = present.first, let kind = ConditionKinds.kind(for: key) else {
            if let misplaced = ConditionKinds.keys.first(where: { object.has($0) && !keys.contains($0) }) {
                object.report(misplaced, "\"\(misplaced)\" cannot be a part of \"all\" or \"any\" (they take level conditions: \(quoted(keys)))")
            } else {
                object.report(nil, "\(levelOnly ? "condition" : "rule") needs one condition: \(quoted(keys))")
            }
            return nil
        }
        if present.count > 1 {
            _ = object.member(key)
            object.report(present[1], "\(levelOnly ? "condition" : "rule") has more than one condition: \"\(present[0])\" and \"\(present[1])\"")
            return nil
        }
        if kind.needsMetric, scope.metric == nil { return nil }
        return kind.parse(key, &object, scope)
    }

    private static func quoted(_ keys: [String]) -> String {
        keys.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
