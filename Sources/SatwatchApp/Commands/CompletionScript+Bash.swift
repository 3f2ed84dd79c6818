extension CompletionScript {
    /// The bash script: `complete -F _satwatch satwatch`.
    static var bash: String {
        let commandCases = SatwatchCommandLine.commands.filter { $0 != CompletionCommand.self }.map { command in
            let words = options(of: command).flatMap { $0.name == "config" ? ["--config", "-c"] : ["--\($0.name)"] }
            return "        \(command.name)) options=\"\(words.joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        let files = fileOptions.map { "--\($0)" } + ["-c"]
        return """
            # bash completion for satwatch. Load it with: source <(satwatch completion bash)
            # or install it: satwatch completion bash > /etc/bash_completion.d/satwatch
            _satwatch() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} options=""
                COMPREPLY=()
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "$prev" in
                    \(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                    --feed) COMPREPLY=($(compgen -W "\(feedNames)" -- "$cur")); return ;;
                    \(freeValueOptions.map { "--\($0)" }.joined(separator: "|"))) return ;;
                esac
                case "${COMP_WORDS[1]}" in
                    help) [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " "))" -- "$cur")); return ;;
                    completion) [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "bash zsh" -- "$cur")); return ;;
            \(commandCases)
                    *) return ;;
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _satwatch satwatch
            """
    }
}
