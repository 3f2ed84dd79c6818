/// One `satwatch <command>`.
protocol SatwatchCommand {
    /// The command word.
    static var name: String { get }
    /// The `--help` text (usage line first).
    static var help: String { get }
    /// Runs with the arguments after the command word; returns the exit status.
    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32
}
