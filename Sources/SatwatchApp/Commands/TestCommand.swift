import SatwatchBase

/// `satwatch test FILE...`: runs rule unit tests; prints expected vs actual for failures.
enum TestCommand: SatwatchCommand {
    static let name = "test"
    static let help = """
        Usage: satwatch test FILE...

        Runs rule unit tests: each file names rule files and lists tests of timed samples with
        the notifications (and states) expected. No channel is contacted. Exit status 0 when all pass.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: [])
        guard !parsed.positionals.isEmpty else { throw UsageError("name at least one test file") }
        var passed = 0, failed = 0
        for path in parsed.positionals {
            let log = DiagnosticLog()
            guard let file = RuleTestFile.load(path, log: log) else {
                for diagnostic in log.diagnostics { io.err(diagnostic.description) }
                io.out("FAIL \(path): the test file is invalid")
                failed += 1
                continue
            }
            for test in file.tests {
                let result = RuleTestRunner.run(test, rules: file.rules, derived: file.derived)
                if result.passed {
                    passed += 1
                    io.out("PASS \(path): \(test.name)")
                } else {
                    failed += 1
                    io.out("FAIL \(test.origin): \(test.name)")
                    io.out(describe(result))
                }
            }
        }
        io.out("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// Both lists, with `-` marking what was expected but did not happen, `+` what happened but
    /// was not expected, `~` a field or a state that differs.
    static func describe(_ result: RuleTestRunner.Result) -> String {
        let comparison = result.comparison
        var lines = ["  expected:"] + (comparison.expected.isEmpty ? ["    (no notifications)"] : comparison.expected.map { "    \($0.line)" })
        lines += ["  got:"] + (comparison.actual.isEmpty ? ["    (no notifications)"] : comparison.actualLines.map { "    \($0)" })
        lines += comparison.missing.map { "  - missing: \($0.line)" } + comparison.unexpected.map { "  + unexpected: \($0.eventLine)" }
        lines += comparison.differences.map { "  ~ differs: \($0)" }
        for (expected, found) in zip(result.test.states, result.states) where expected != found {
            lines.append("  ~ state at \(expected.at.text): \(expected.rule) expected \(expected.state.rawValue), got \(found.state.rawValue)")
        }
        return lines.joined(separator: "\n")
    }
}
