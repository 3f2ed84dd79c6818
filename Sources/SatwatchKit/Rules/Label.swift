/// A `name: value` pair from a rule's `labels`, passed through to channels (e.g. Alertmanager
/// labels, Slack fields). Kept in the order the rule file wrote them.
public struct Label: Sendable, Hashable {
    /// The label name.
    public var name: String
    /// The label value.
    public var value: String

    /// Creates a label.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
