/// A command line that does not fit the command: exit 2 with one line and a hint.
public struct UsageError: Error, Sendable, Equatable {
    /// What is wrong.
    public var message: String

    /// Creates a usage error.
    public init(_ message: String) { self.message = message }
}
