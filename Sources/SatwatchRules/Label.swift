/// A `name: value` pair from a rule's `labels`, passed through to channels (e.g. Alertmanager
/// labels, Slack fields). Kept in the order the rule file wrote them.
package struct Label: Sendable, Hashable {
    /// The label name.
    package var name: String
    /// The label value.
    package var value: String

    /// Creates a label.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
