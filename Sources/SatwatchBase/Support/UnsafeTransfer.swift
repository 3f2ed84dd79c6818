/// Carries a value that is not `Sendable` across one hand-over point where its single owner
/// changes (e.g. a store opened on a thread and then used only by that thread's owner).
package struct UnsafeTransfer<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
