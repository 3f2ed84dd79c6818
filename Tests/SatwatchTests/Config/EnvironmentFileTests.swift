import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// `--env-file` syntax: what systemd's `EnvironmentFile` reads, value for value, and a problem
/// at `line:column` wherever systemd would drop a line or read on to the end of the file.
@Suite struct EnvironmentFileTests {
    @Test(arguments: [
        ("A=1\nB=two words\n", ["A": "1", "B": "two words"]),
        ("A=1", ["A": "1"]),  // no final newline
        ("A=", ["A": ""]),
        ("A=\nB=2\n", ["A": "", "B": "2"]),
        ("  A  =  padded value \t\n", ["A": "padded value"]),
        ("# comment\n; comment\n\n   \nA=1\n", ["A": "1"]),
        ("A=pa#ss ;x # not a comment\n", ["A": "pa#ss ;x # not a comment"]),
        ("A='single $HOME \\n \"q\"'\n", ["A": "single $HOME \\n \"q\""]),
        ("A=\"double \\\" \\\\ \\` \\$ \\n\"\n", ["A": "double \" \\ ` $ \\n"]),
        ("A=\"multi\nline\"\n", ["A": "multi\nline"]),
        ("A='multi\nline'\nB=2\n", ["A": "multi\nline", "B": "2"]),
        ("A=\"a\" 'b' c\n", ["A": "abc"]),
        ("A=a\"b\"c\n", ["A": "a\"b\"c"]),  // quotes after the first character are kept
        ("A=one\\\ntwo\n", ["A": "onetwo"]),  // a trailing backslash continues the line
        ("A=\"one\\\ntwo\"\n", ["A": "onetwo"]),
        ("A=x\\ \n", ["A": "x "]),  // an escaped space is not trailing whitespace
        ("A=\\#x\\\\y\n", ["A": "#x\\y"]),
        ("A=1\nA=2\n", ["A": "2"]),  // the last assignment wins
        ("A=1\r\nB=2\r\n", ["A": "1", "B": "2"]),
        ("# comment \\\nA=1\n", ["A": "1"]),  // systemd 254+: a comment does not continue
        ("_x9=ü €\n", ["_x9": "ü €"]),
        ("URL=https://hooks.slack.com/services/T0/B0/X?a=b&c=d\n", ["URL": "https://hooks.slack.com/services/T0/B0/X?a=b&c=d"]),
    ])
    func values(text: String, expected: [String: String]) {
        let parsed = EnvironmentFileParser.parse(Array(text.utf8), path: "e.env")
        #expect(parsed.problems.map(\.description) == [])
        #expect(parsed.variables == expected)
    }

    @Test(arguments: [
        ("export A=1\n", [#"e.env:1:1: "export" is shell syntax: an environment file has NAME=value lines"#]),
        ("B=1\n  just words\n", ["e.env:2:3: expected NAME=value"]),
        ("B=1\nno_equals", ["e.env:2:1: expected NAME=value"]),
        ("9A=1\n", [#"e.env:1:1: invalid variable name "9A" (letters, digits and _, not starting with a digit)"#]),
        ("A-B=1\nC D=2\n", [#"e.env:1:1: invalid variable name "A-B" (letters, digits and _, not starting with a digit)"#,
                            #"e.env:2:1: invalid variable name "C D" (letters, digits and _, not starting with a digit)"#]),
        ("=1\n", ["e.env:1:1: expected NAME=value"]),  // as systemd: `=` cannot start a name
        ("A=1\nB=\"open\nC=3\n", ["e.env:2:3: unterminated quote"]),
        ("A='open", ["e.env:1:3: unterminated quote"]),
        ("A=é\u{0}\n", ["e.env:1:4: NUL byte"]),
    ])
    func problems(text: String, expected: [String]) {
        #expect(EnvironmentFileParser.parse(Array(text.utf8), path: "e.env").problems.map(\.description) == expected)
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        let parsed = EnvironmentFileParser.parse(Array("A=1\nB=x".utf8) + [0xFF] + Array("\n".utf8), path: "e.env")
        #expect(parsed.problems.map(\.description) == ["e.env:2:4: invalid UTF-8"])
    }

    /// What install.sh puts at /etc/satwatch/satwatch.env reads cleanly.
    @Test func theShippedExampleParses() throws {
        let path = TestPaths.repositoryRoot.appendingPathComponent("deploy/satwatch.env.example").path
        let variables = try EnvironmentFile.load(path).get()
        #expect(variables["SMTP_PASSWORD"] == "change-me")
        #expect(variables["SLACK_WEBHOOK_URL"] == "https://hooks.slack.com/services/T000/B000/XXXXXXXX")
    }

    @Test func anUnreadableFileNamesErrno() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.env").path
        #expect(EnvironmentFile.load(missing) == .failure(.unreadable(path: missing, .system(ENOENT))))
        #expect(EnvironmentFile.Failure.unreadable(path: missing, .system(ENOENT)).lines
            == ["cannot read env file \(missing): No such file or directory (ENOENT)"])
        #expect(EnvironmentFile.load(folder.path) == .failure(.unreadable(path: folder.path, .notARegularFile(kind: "a directory"))))
        let device = EnvironmentFile.load("/dev/zero")
        #expect(device == .failure(.unreadable(path: "/dev/zero", .notARegularFile(kind: "a character device"))))
        #expect(EnvironmentFile.Failure.unreadable(path: "/dev/zero", .notARegularFile(kind: "a character device")).lines
            == ["cannot read env file /dev/zero: not a regular file (a character device)"])
    }
}
