/// A command's arguments after the command name: `--option value` / `--option=value` pairs,
/// flags, and positional arguments, checked against what the command accepts.
public struct ArgumentList: Sendable {
    /// Option values by name (without dashes).
    public private(set) var options: [String: String] = [:]
    /// Flags present (without dashes).
    public private(set) var flags: Set<String> = []
    /// Positional arguments in order.
    public private(set) var positionals: [String] = []

    /// Parses `arguments`; `valueOptions` take a value, `knownFlags` do not.
    public init(_ arguments: [String], options valueOptions: Set<String>, flags knownFlags: Set<String> = []) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if argument.hasPrefix("-"), argument != "-", !onlyPositionals {
                    throw UsageError("unknown option \"\(argument)\"")
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valueOptions.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw UsageError("option --\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                options[name] = value
            } else if knownFlags.contains(name), value == nil {
                flags.insert(name)
            } else {
                throw UsageError("unknown option \"--\(name)\"")
            }
        }
    }

    /// The value of `--name`.
    public subscript(option name: String) -> String? { options[name] }

    /// Whether `--name` was given.
    public func has(flag name: String) -> Bool { flags.contains(name) }

    /// The value of a required option.
    public func required(_ name: String) throws(UsageError) -> String {
        guard let value = options[name] else { throw UsageError("missing required option --\(name)") }
        return value
    }
}
