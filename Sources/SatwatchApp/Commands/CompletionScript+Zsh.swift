extension CompletionScript {
    /// The zsh script: a `#compdef` function that also registers itself when sourced.
    static var zsh: String {
        let menu = SatwatchCommandLine.commands.map { "        \(quoted("\($0.name):\(summary(of: $0))"))" }
            + ["        'help:the help of a command'"]
        let commandCases = SatwatchCommandLine.commands.filter { $0 != CompletionCommand.self }.map { command in
            let specs = options(of: command).map(spec) + (command == TestCommand.self ? ["'*:file:_files'"] : [])
            return "        \(command.name)) _arguments -s \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
            #compdef satwatch
            # zsh completion for satwatch. Load it with: source <(satwatch completion zsh)
            # or install it: satwatch completion zsh > "${fpath[1]}/_satwatch"
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
