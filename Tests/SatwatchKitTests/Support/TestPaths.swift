import Foundation

/// Paths of the repository, its fixtures and the shared fixtures, found from this file.
enum TestPaths {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/SatwatchKitTests/Fixtures")
    static let sharedFixtures = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
