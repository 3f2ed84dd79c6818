import SatwatchFeeds

/// The facts both completion scripts are written from: the commands, their options (from each
/// usage line) and what a value may be.
enum CompletionScript {
    /// Every command word, `help` and `completion` included.
    static var commandNames: [String] { SatwatchCommandLine.commands.map { $0.name } + ["help"] }

    /// A command's options, with `-c` beside `--config`, and `--env-file`, which every command
    /// takes (outside its usage line).
    static func options(of command: any SatwatchCommand.Type) -> [CommandOption] {
        CommandOption.options(inUsage: command.help) + [CommandOption(name: "env-file", value: "FILE"), CommandOption(name: "help", value: nil)]
    }

    /// What a command's words that are not options are, by position: `silence` an action,
    /// `notify` a channel, `test` files; nil for a command that takes none worth completing.
    enum Positional {
        case words([String])
        case channels
        case files
    }

    /// The first positional argument of `command`, for completion.
    static func positional(of command: any SatwatchCommand.Type) -> Positional? {
        switch command.name {
        case SilenceCommand.name: .words(SilenceCommand.actions)
        case NotifyCommand.name: .channels
        case TestCommand.name: .files
        default: nil
        }
    }

    /// Every option taking a file, over all commands.
    static var fileOptions: [String] {
        Set(SatwatchCommandLine.commands.flatMap { options(of: $0) }.filter(\.takesFile).map(\.name)).sorted()
    }

    /// Every option taking a value that is neither a file, a feed nor a channel (nothing to
    /// complete).
    static var freeValueOptions: [String] {
        Set(SatwatchCommandLine.commands.flatMap { options(of: $0) }
            .filter { $0.value != nil && !$0.takesFile && !["feed", "channel"].contains($0.name) }.map(\.name)).sorted()
    }

    /// Every option taking a value, `-c` included: the words after them are not positional.
    static var valueOptions: [String] {
        Set(SatwatchCommandLine.commands.flatMap { options(of: $0) }.filter { $0.value != nil }.map { "--\($0.name)" }).sorted() + ["-c"]
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

extension CompletionScript {
    /// The bash script: `complete -F _satwatch satwatch`.
    static var bash: String {
        let commandCases = SatwatchCommandLine.commands.filter { $0 != CompletionCommand.self }.map { command in
            let words = options(of: command).flatMap { $0.name == "config" ? ["--config", "-c"] : ["--\($0.name)"] }
            return "        \(command.name)) options=\"\(words.joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        let files = fileOptions.map { "--\($0)" } + ["-c"]
        let positionalCases = SatwatchCommandLine.commands.compactMap { command -> String? in
            switch positional(of: command) {
            case .words(let words)?: "        \(command.name)) [ $count -eq 0 ] && COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ;;"
            case .channels?: "        \(command.name)) [ $count -eq 0 ] && COMPREPLY=($(compgen -W \"$(_satwatch_channels)\" -- \"$cur\")) ;;"
            case .files?: "        \(command.name)) COMPREPLY=($(compgen -f -- \"$cur\")) ;;"
            case nil: nil
            }
        }.joined(separator: "\n")
        return """
            # bash completion for satwatch. Load it with: source <(satwatch completion bash)
            # or install it: satwatch completion bash > /etc/bash_completion.d/satwatch
            _satwatch_channels() {
                local i config=""
                for ((i = 2; i < ${#COMP_WORDS[@]} - 1; i++)); do
                    case "${COMP_WORDS[i]}" in -c|--config) config=${COMP_WORDS[i+1]} ;; --config=*) config=${COMP_WORDS[i]#--config=} ;; esac
                done
                satwatch completion channels ${config:+--config "$config"} 2>/dev/null
            }
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
                    --channel) COMPREPLY=($(compgen -W "$(_satwatch_channels)" -- "$cur")); return ;;
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
                    return
                fi
                # How many words before this one are arguments, not options or their values.
                local i count=0
                for ((i = 2; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        \(valueOptions.joined(separator: "|"))) ((i++)) ;;
                        -*) ;;
                        *) ((count++)) ;;
                    esac
                done
                case "${COMP_WORDS[1]}" in
            \(positionalCases)
                esac
            }
            complete -o filenames -F _satwatch satwatch
            """
    }
}

extension CompletionScript {
    /// The zsh script: a `#compdef` function that also registers itself when sourced.
    static var zsh: String {
        let menu = SatwatchCommandLine.commands.map { "        \(quoted("\($0.name):\(summary(of: $0))"))" }
            + ["        'help:the help of a command'"]
        let commandCases = SatwatchCommandLine.commands.filter { $0 != CompletionCommand.self }.map { command in
            let specs = options(of: command).map(spec) + {
                switch positional(of: command) {
                case .words(let words)?: ["'1:action:(\(words.joined(separator: " ")))'"]
                case .channels?: ["'1:channel:_satwatch_channels'"]
                case .files?: ["'*:file:_files'"]
                case nil: []
                }
            }()
            return "        \(command.name)) _arguments -s \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
            #compdef satwatch
            # zsh completion for satwatch. Load it with: source <(satwatch completion zsh)
            # or install it: satwatch completion zsh > "${fpath[1]}/_satwatch"
            _satwatch_channels() {
                local i config
                local -a names
                for ((i = 1; i < $#words; i++)); do
                    [[ $words[i] == (-c|--config) ]] && config=$words[i+1]
                done
                names=(${(f)"$(satwatch completion channels ${config:+--config} ${config:+$config} 2>/dev/null)"})
                compadd -a names
            }
            _satwatch() {
                local -a commands
                commands=(
            \(menu.joined(separator: "\n"))
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'satwatch command' commands
                    return
                fi
                words=("${(@)words[2,-1]}")
                (( CURRENT-- ))
                case $words[1] in
                    help) (( CURRENT == 2 )) && _describe -t commands 'satwatch command' commands ;;
                    completion) (( CURRENT == 2 )) && compadd bash zsh ;;
            \(commandCases)
                esac
            }
            if [ "$funcstack[1]" = "_satwatch" ]; then
                _satwatch "$@"
            else
                compdef _satwatch satwatch
            fi
            """
    }

    /// An `_arguments` spec: `'(-c --config)'{-c,--config}'[config file]:F:_files'`.
    private static func spec(_ option: CommandOption) -> String {
        let action: String
        switch option.value {
        case nil: action = ""
        case let value? where option.takesFile: action = ":\(value):_files"
        case let value? where option.name == "feed": action = ":\(value):(\(feedNames))"
        case let value? where option.name == "channel": action = ":\(value):_satwatch_channels"
        case let value?: action = ":\(value): "
        }
        let description = option.value.map { "[\(option.name) \($0)]" } ?? "[\(option.name)]"
        guard option.name == "config" else { return quoted("--\(option.name)\(description)\(action)") }
        return "'(-c --config)'{-c,--config}" + quoted("\(description)\(action)")
    }

    /// `text` in single quotes for zsh.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
