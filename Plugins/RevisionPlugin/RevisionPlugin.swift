import Foundation
import PackagePlugin

/// Writes `SatwatchRevision.swift` (`SatwatchRevision.current`: the checkout's short commit, or
/// "unknown" outside a git checkout) into SatwatchBase at build time, so `satwatch --version` and
/// `satwatch_build_info` name the source a binary was built from with a plain `swift build`.
/// SwiftPM has no build-time defines from git; a Makefile step would be skipped by `swift build`.
///
/// The command reruns when the checkout's HEAD moves (its reflog is an input), not on every build.
/// A build without the git directory (a container) can pass `SATWATCH_REVISION` instead.
@main struct RevisionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("SatwatchRevision.swift")
        let script = """
            revision=${SATWATCH_REVISION:-$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null)} || revision=unknown
            case "$revision" in ''|*[!0-9A-Za-z._-]*) revision=unknown ;; esac
            printf '%s\\n' '/// The source revision this binary was built from (written by Plugins/RevisionPlugin).' \
              'enum SatwatchRevision { static let current = "'"$revision"'" }' > "$2"
            """
        return [.buildCommand(displayName: "Embedding the source revision",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "sh", root.path, output.path],
                              inputFiles: headFiles(root), outputFiles: [output])]
    }

    /// The files that change when HEAD moves: `HEAD` and its reflog in the git directory (a
    /// worktree's `.git` is a file naming its own git directory).
    private func headFiles(_ root: URL) -> [URL] {
        let dotGit = root.appendingPathComponent(".git")
        var gitDirectory = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        return ["HEAD", "logs/HEAD"].map { gitDirectory.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
