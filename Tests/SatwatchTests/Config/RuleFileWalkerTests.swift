import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// The rule file walker on real folders with real symbolic links, laid out as operators (and
/// editors, and Kubernetes) leave them.
@Suite struct RuleFileWalkerTests {
    /// One entry of a layout: a file, or a symbolic link to a target (written as is); folders
    /// are made as needed.
    enum Entry: Sendable {
        case file(String)
        case link(String, to: String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var layout: [Entry]
        var root = "rules"
        var files: [String]
        var warnings: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nested folders, only *.json, byte order",
             layout: [.file("rules/b.json"), .file("rules/a/z.json"), .file("rules/A.json"), .file("rules/notes.txt")],
             files: ["rules/A.json", "rules/a/z.json", "rules/b.json"]),
        Case(name: "the rules folder itself is a link",
             layout: [.file("real/a.json"), .link("rules", to: "real")],
             files: ["rules/a.json"]),
        Case(name: "a linked subfolder is followed",
             layout: [.file("rules/a.json"), .file("common/b.json"), .link("rules/common", to: "../common")],
             files: ["rules/a.json", "rules/common/b.json"]),
        Case(name: "a link back to an enclosing folder is a loop, walked once",
             layout: [.file("rules/a.json"), .link("rules/sub/up", to: ".."), .link("rules/me", to: ".")],
             files: ["rules/a.json"],
             warnings: ["rules/me: warning: symbolic link loops back to \"rules\", skipped",
                        "rules/sub/up: warning: symbolic link loops back to \"rules\", skipped"]),
        Case(name: "a link to a folder enclosing the rules folder is never followed",
             layout: [.file("satwatch.json"), .file("rules/a.json"), .link("rules/loop", to: ".."), .link("rules/sub/top", to: "../..")],
             files: ["rules/a.json"],
             warnings: ["rules/loop: warning: symbolic link to an enclosing folder (\"..\"), skipped",
                        "rules/sub/top: warning: symbolic link to an enclosing folder (\"../..\"), skipped"]),
        Case(name: "a dangling link is skipped with a warning",
             layout: [.file("rules/a.json"), .link("rules/gone.json", to: "../old/gone.json")],
             files: ["rules/a.json"],
             warnings: ["rules/gone.json: warning: dangling symbolic link (to \"../old/gone.json\"), skipped"]),
        Case(name: "links in a cycle cannot be followed",
             layout: [.link("rules/x.json", to: "y.json"), .link("rules/y.json", to: "x.json")],
             files: [],
             warnings: ["rules/x.json: warning: symbolic link (to \"y.json\") cannot be followed (Too many levels of symbolic links), skipped",
                        "rules/y.json: warning: symbolic link (to \"x.json\") cannot be followed (Too many levels of symbolic links), skipped"]),
        Case(name: "dot names are skipped at every level, silently",
             layout: [.file("rules/a.json"), .link("rules/.#a.json", to: "me@host.4242:1700000000"),
                      .file("rules/.a.json.swp.json"), .file("rules/.git/hooks.json"), .file("rules/sub/.hidden.json")],
             files: ["rules/a.json"]),
        Case(name: "a Kubernetes ConfigMap loads each file once",
             layout: [.file("rules/..2025_11_23_15_00_00.123/price.json"), .file("rules/..2025_11_23_15_00_00.123/fees.json"),
                      .link("rules/..data", to: "..2025_11_23_15_00_00.123"),
                      .link("rules/price.json", to: "..data/price.json"), .link("rules/fees.json", to: "..data/fees.json")],
             files: ["rules/fees.json", "rules/price.json"]),
        Case(name: "one file reached by two names is read once",
             layout: [.file("rules/a.json"), .link("rules/b.json", to: "a.json")],
             files: ["rules/a.json"]),
        Case(name: "a root that is a file is taken as it is",
             layout: [.file("rules/only.rules")], root: "rules/only.rules",
             files: ["rules/only.rules"]),
    ]

    @Test(arguments: cases)
    func walksAsPeopleStoreRules(_ example: Case) throws {
        let folder = try TestPaths.temporaryFolder().path
        try Self.lay(example.layout, in: folder)
        var walker = RuleFileWalker()
        let found = walker.walk(folder + "/" + example.root)
        #expect(found)
        #expect(walker.files.map { String($0.dropFirst(folder.count + 1)) } == example.files)
        #expect(walker.warnings.map { $0.description.replacingOccurrences(of: folder + "/", with: "") } == example.warnings)
    }

    @Test func nothingThereIsNotARuleFolder() throws {
        let folder = try TestPaths.temporaryFolder().path
        try Self.lay([.link("rules", to: "nowhere")], in: folder)
        var walker = RuleFileWalker()
        let dangling = walker.walk(folder + "/rules"), missing = walker.walk(folder + "/missing")
        #expect(!dangling && !missing)
        #expect(walker.files.isEmpty && walker.warnings.isEmpty)
    }

    /// `rules` paths that share files, under other names too, load each file once, at its first name.
    @Test func pathsThatOverlapLoadEachFileOnce() throws {
        let folder = try TestPaths.temporaryFolder().path
        try Self.lay([.file("rules/a.json"), .file("rules/extra/b.json")], in: folder)
        let (files, warnings) = RuleLoader.files(in: [folder + "/rules", folder + "/rules/extra", folder + "/rules/extra/../a.json"])
        #expect(files == [folder + "/rules/a.json", folder + "/rules/extra/b.json"])
        #expect(warnings.isEmpty)
    }

    static func lay(_ layout: [Entry], in folder: String) throws {
        let files = FileManager.default
        for entry in layout {
            switch entry {
            case .file(let path), .link(let path, _):
                let parent = URL(fileURLWithPath: folder + "/" + path).deletingLastPathComponent().path
                try files.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            switch entry {
            case .file(let path): try Data("{\"rules\": []}".utf8).write(to: URL(fileURLWithPath: folder + "/" + path))
            case .link(let path, let target): try files.createSymbolicLink(atPath: folder + "/" + path, withDestinationPath: target)
            }
        }
    }
}
