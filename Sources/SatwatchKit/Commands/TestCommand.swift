/// `satwatch test FILE...`: runs rule unit tests; prints expected vs actual for failures.
enum TestCommand: SatwatchCommand {
    static let name = "test"
    static let help = """
        Usage: satwatch test FILE...

        Runs rule unit tests: each file names rule files and lists tests of timed samples with
        the notifications expected. No channel is contacted. Exit status 0 when all pass.
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
                let result = RuleTestRunner.run(test, rules: file.rules)
                if result.passed {
                    passed += 1
                    io.out("PASS \(path): \(test.name)")
                } else {
                    failed += 1
                    io.out("FAIL \(test.origin): \(test.name)")
                    io.out(describe(expected: test.expect.sorted(), actual: result.actual))
                }
            }
        }
        io.out("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// Both lists, with `-` marking what was expected but did not happen and `+` what happened
    /// but was not expected.
    static func describe(expected: [RuleTestCase.Expected], actual: [RuleTestCase.Expected]) -> String {
        var lines = ["  expected:"] + (expected.isEmpty ? ["    (no notifications)"] : expected.map { "    \($0.line)" })
        lines += ["  got:"] + (actual.isEmpty ? ["    (no notifications)"] : actual.map { "    \($0.line)" })
        let missing = expected.filter { !actual.contains($0) }, extra = actual.filter { !expected.contains($0) }
        lines += missing.map { "  - missing: \($0.line)" } + extra.map { "  + unexpected: \($0.line)" }
        return lines.joined(separator: "\n")
    }
}
