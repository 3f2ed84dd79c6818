/// Every condition kind, in the order `check` lists them: the one place a new kind is registered.
package enum ConditionKinds {
    static let all: [any ConditionKind.Type] = [
        LevelCondition.self,
        BandCondition.self,
        NearCondition.self,
        CrossingCondition.self,
        ChangeCondition.self,
        CompoundCondition.self,
        NewValueCondition.self,
        NewsCondition.self,
    ]

    /// Every key that selects a condition.
    package static let keys = all.flatMap { $0.keys }

    /// The keys of the kinds that read a rule's `clear`, as a list: `"above", "below" and "change"`.
    package static var clearKeysText: String {
        let keys = all.filter { $0.readsClear }.flatMap { $0.keys }.map { "\"\($0)\"" }
        return keys.count < 2 ? keys.joined() : keys.dropLast().joined(separator: ", ") + " and " + keys.last!
    }

    /// The kind `key` selects.
    package static func kind(for key: String) -> (any ConditionKind.Type)? {
        all.first { $0.keys.contains(key) }
    }
}
