import SatwatchFeeds

/// The facts both completion scripts are written from: the commands, their options (from each
/// usage line) and what a value may be.
enum CompletionScript {
    /// Every command word, `help` and `completion` included.
    static var commandNames: [String] { SatwatchCommandLine.commands.map { $0.name } + ["help"] }

    /// A command's options, with `-c` beside `--config`.
    static func options(of command: any SatwatchCommand.Type) -> [CommandOption] {
        CommandOption.options(inUsage: command.help) + [CommandOption(name: "help", value: nil)]
    }

    /// Every option taking a file, over all commands.
    static var fileOptions: [String] {
        Set(SatwatchCommandLine.commands.flatMap { options(of: $0) }.filter(\.takesFile).map(\.name)).sorted()
    }

    /// Every option taking a value that is neither a file nor a feed (nothing to complete).
    static var freeValueOptions: [String] {
        Set(SatwatchCommandLine.commands.flatMap { options(of: $0) }
            .filter { $0.value != nil && !$0.takesFile && $0.name != "feed" }.map(\.name)).sorted()
    }

    static var feedNames: String { FeedKind.allCases.map(\.rawValue).joined(separator: " ") }

    /// A command's one-line description from `satwatch --help`, for zsh's menu: the text after
    /// its usage, or on the next line when the usage is long.
    static func summary(of command: any SatwatchCommand.Type) -> String {
        let lines = SatwatchCommandLine.help.split(separator: "\n").map { String($0) }
        guard let index = lines.firstIndex(where: { $0.hasPrefix("  \(command.name) ") }) else { return command.name }
        let parts = lines[index].split(separator: "  ").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }
        if parts.count > 1 { return String(parts[1]) }
        return index + 1 < lines.count ? String(lines[index + 1].drop { $0 == " " }) : command.name
    }
}
