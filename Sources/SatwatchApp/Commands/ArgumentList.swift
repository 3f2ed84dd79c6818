import SatwatchBase

/// A command's arguments after the command name: `--option value` / `--option=value` pairs,
/// flags, and positional arguments, checked against what the command accepts.
package struct ArgumentList: Sendable {
    /// Option values by name (without dashes).
    package private(set) var options: [String: String] = [:]
    /// Flags present (without dashes).
    package private(set) var flags: Set<String> = []
    /// Positional arguments in order.
    package private(set) var positionals: [String] = []
    /// Every value of each option, in order, for options that may be repeated (`--rule A --rule B`).
    package private(set) var repeated: [String: [String]] = [:]

    /// Parses `arguments`; `valueOptions` take a value, `knownFlags` do not. `-c F` is
    /// `--config F` wherever `config` is an option.
    package init(_ arguments: [String], options valueOptions: Set<String>, flags knownFlags: Set<String> = []) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-c", !onlyPositionals, valueOptions.contains("config") {
                guard index < arguments.count else { throw UsageError("option -c needs a value") }
                options["config"] = arguments[index]
                index += 1
                continue
            }
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if argument.hasPrefix("-"), argument != "-", !onlyPositionals {
                    throw Self.unknown(argument, options: valueOptions, flags: knownFlags)
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
                repeated[name, default: []].append(value!)
            } else if knownFlags.contains(name), value == nil {
                flags.insert(name)
            } else {
                throw Self.unknown("--\(name)", options: valueOptions, flags: knownFlags)
            }
        }
    }

    /// The value of `--name`.
    package subscript(option name: String) -> String? { options[name] }

    /// Whether `--name` was given.
    package func has(flag name: String) -> Bool { flags.contains(name) }

    /// The value of a required option.
    package func required(_ name: String) throws(UsageError) -> String {
        guard let value = options[name] else { throw UsageError("missing required option --\(name)") }
        return value
    }

    /// Refuses positional arguments past the first `count` (`unexpected argument "X"`).
    package func refuseExtraArguments(after count: Int = 0) throws(UsageError) {
        if positionals.count > count { throw UsageError("unexpected argument \"\(positionals[count])\"") }
    }

    /// Refuses options and flags given that are not in `allowed` (each accepted by another
    /// form of the command): `--rule applies to 'silence add' only`, with `owner` naming the
    /// form that takes it.
    package func refuseOptions(except allowed: Set<String>, owner: (String) -> String) throws(UsageError) {
        if let stray = Set(options.keys).union(flags).subtracting(allowed).sorted().first {
            throw UsageError("--\(stray) applies to '\(owner(stray))' only")
        }
    }

    /// `unknown option "--confg" (did you mean "--config"?)`.
    private static func unknown(_ argument: String, options: Set<String>, flags: Set<String>) -> UsageError {
        let known = options.union(flags).union(["help"]).map { "--\($0)" }
        return UsageError("unknown option \"\(argument)\"" + EditDistance.hint(for: argument, among: known.sorted()))
    }
}
