@testable import SatwatchBase
import Testing

@Suite struct PathResolverTests {
    /// (the file the path is written in, the path, what it resolves to)
    @Test(arguments: [
        ("satwatch.json", "rules", "rules"),
        ("deploy/satwatch.json", "../data/satwatch.db", "data/satwatch.db"),
        ("deploy/satwatch.json", "./rules/", "deploy/rules"),
        ("/etc/satwatch/satwatch.json", "rules", "/etc/satwatch/rules"),
        ("/etc/satwatch/satwatch.json", "/var/lib/satwatch/satwatch.db", "/var/lib/satwatch/satwatch.db"),
        ("a/b/satwatch.json", "../../../x", "../x"),
        ("/satwatch.json", "../x", "/x"),
        ("a/satwatch.json", "..", "."),
    ])
    func resolvesAgainstTheFilesFolder(_ file: String, _ path: String, _ expected: String) {
        #expect(PathResolver(relativeTo: file).resolve(path) == expected)
    }
}
