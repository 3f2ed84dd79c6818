/// `satwatch completion (bash|zsh)`: prints a shell completion script for commands, options,
/// feed names and files.
enum CompletionCommand: SatwatchCommand {
    static let name = "completion"
    static let help = """
        Usage: satwatch completion (bash|zsh)

        Prints a completion script for the shell. Load it in the current shell with
        source <(satwatch completion bash), or install it for every shell:
          satwatch completion bash > /etc/bash_completion.d/satwatch
          satwatch completion zsh > "${fpath[1]}/_satwatch"
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: [])
        guard let shell = parsed.positionals.first else { throw UsageError("name the shell: bash or zsh") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument \"\(parsed.positionals[1])\"") }
        switch shell {
        case "bash": io.out(CompletionScript.bash)
        case "zsh": io.out(CompletionScript.zsh)
        default: throw UsageError("unknown shell \"\(shell)\" (bash or zsh)" )
        }
        return 0
    }
}
