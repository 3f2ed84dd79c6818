/// `--env-file FILE`, which every command accepts (repeatable, applied in order): taken out of
/// the arguments before the command reads them; the file's variables join the command's
/// environment, over any of the same name (see ``EnvironmentFile/merge(_:over:)``).
enum EnvFileOption {
    /// The arguments without `--env-file`, and `io` with the files' variables; nil after printing
    /// why a file could not be used.
    static func apply(_ arguments: [String], io: CommandIO, command: String) throws(UsageError) -> ([String], CommandIO)? {
        var rest: [String] = [], files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                rest += arguments[(index - 1)...]
                break
            }
            if argument.hasPrefix("--env-file=") {
                files.append(String(argument.dropFirst("--env-file=".count)))
            } else if argument == "--env-file" {
                guard index < arguments.count else { throw UsageError("option --env-file needs a value") }
                files.append(arguments[index])
                index += 1
            } else {
                rest.append(argument)
            }
        }
        var io = io
        for path in files {
            switch EnvironmentFile.load(path) {
            case .success(let variables):
                io.environment = EnvironmentFile.merge(variables, over: io.environment)
            case .failure(let failure):
                switch failure {
                case .unreadable: io.err("satwatch \(command): \(failure.lines.joined())")
                case .invalid(let problems):
                    for line in failure.lines { io.err(line) }
                    io.err("satwatch \(command): \(path): \(Plural.count(problems.count, "problem")) in the env file")
                }
                return nil
            }
        }
        return (rest, io)
    }
}
