/// A command line that does not fit the command: exit 2 with one line and a hint.
package struct UsageError: Error, Sendable, Equatable {
    /// What is wrong.
    package var message: String

    /// Creates a usage error.
    package init(_ message: String) { self.message = message }
}
