import Foundation

/// A fresh temporary directory for one test's state files, removed when the object goes away.
final class StateTestDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory (nothing is created).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
