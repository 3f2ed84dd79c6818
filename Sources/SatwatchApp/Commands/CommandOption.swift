/// One option of a command as its `--help` usage line shows it (`--feed NAME`, `[--dispatch]`).
/// Read from the usage line so shell completion follows the help text without a second list.
struct CommandOption: Sendable, Equatable {
    /// The name without dashes.
    var name: String
    /// The placeholder of its value (`F`, `NAME`), nil for a flag.
    var value: String?

    /// The options on the first line of `help`: each `--name`, with the upper-case word after it
    /// as its value placeholder.
    static func options(inUsage help: String) -> [CommandOption] {
        let usage = help.split(separator: "\n").first ?? ""
        let words = usage.split(whereSeparator: { " []()|".contains($0) }).map(String.init)
        return words.indices.compactMap { index in
            guard words[index].hasPrefix("--") else { return nil }
            let next = index + 1 < words.count ? words[index + 1] : ""
            let isPlaceholder = !next.isEmpty && next.allSatisfy { $0.isUppercase || $0 == "." || $0 == "=" }
            return CommandOption(name: String(words[index].dropFirst(2)), value: isPlaceholder ? next : nil)
        }
    }

    /// Whether the value names a file (completed with file names).
    var takesFile: Bool { ["F", "FILE", "REC"].contains(value ?? "") }
}
