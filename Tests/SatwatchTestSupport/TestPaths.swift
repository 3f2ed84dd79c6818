import Foundation

/// Paths shared by the test targets: the repository, its recorded feed fixtures, the Python
/// interpreter for the peers and temporary folders. Target-specific fixture folders are
/// extensions in their own targets.
public enum TestPaths {
    /// The repository root, found from this file's path (`Tests/SatwatchTestSupport/`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/feeds/`, the recorded feed frames (see the README there).
    public static let feedFixtures: URL = repositoryRoot.appendingPathComponent("Tests/Fixtures/feeds")

    /// `Tests/Peers/`, the Python test peers.
    public static let peers: URL = repositoryRoot.appendingPathComponent("Tests/Peers")

    /// The Python that runs the peers: `.build/venv/bin/python3`, where `scripts/install-peers.sh`
    /// installs their packages, or `python3` from `PATH` when that virtual environment is missing.
    public static let python: String = {
        let venv = repositoryRoot.appendingPathComponent(".build/venv/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }()

    /// A fresh, empty temporary folder; the caller deletes it.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The temporary folder `satwatch-<name>-<pid>`, created if needed. It is the same on every
    /// call within one test process, so a shared peer given it in its arguments is started once
    /// (see `PeerProcess.shared`), and it differs between runs.
    public static func processFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
