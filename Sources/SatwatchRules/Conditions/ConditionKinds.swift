/// Every condition kind, in the order `check` lists them: the one place a new kind is registered.
package enum ConditionKinds {
    static let all: [any ConditionKind.Type] = [
        LevelCondition.self, BandCondition.self, CrossingCondition.self, ChangeCondition.self,
        CompoundCondition.self, NewValueCondition.self,
    ]

    /// Every key that selects a condition.
    package static let keys = all.flatMap { $0.keys }

    /// The kind `key` selects.
    package static func kind(for key: String) -> (any ConditionKind.Type)? {
        all.first { $0.keys.contains(key) }
    }
}
