import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
import SatwatchTestSupport
import Synchronization

/// Loads one channel's settings through the real config loader: the snippet is channel `c` of
/// a config file whose first line is a fixed prefix, so positions are reported relative to the
/// snippet (`line:column`, line 1 = the snippet's first line).
final class ChannelConfigProbe: Sendable {
    /// The channel, when the snippet was valid.
    let channel: (any Channel)?
    /// Every problem as `line:column: message`.
    let problems: [String]
    /// The logger the channel was configured with; `logged` holds what it wrote.
    let logger: Logger

    /// `folder` (a fresh temporary one by default) holds the config and is deleted with the probe.
    init(_ snippet: String, environment: [String: String] = [:], folder: URL? = nil) throws {
        let folder = try folder ?? TestPaths.temporaryFolder()
        self.folder = folder
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [], \"channels\": {\"c\":\n\(snippet)\n}}".write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let sink = SinkBox()
        logger = Logger(sink: { line in sink.append(line) })
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment(environment), logger: logger, log: log)
        channel = config?.channels["c"]
        // Paths inside messages (ca_file) are shown relative to the config's folder.
        problems = log.diagnostics.map {
            "\($0.line - 1):\($0.column): \($0.message.replacingOccurrences(of: folder.path + "/", with: ""))"
        }
        self.sink = sink
    }

    private let sink: SinkBox
    private let folder: URL

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Lines the channel's logger wrote.
    var logged: [String] { sink.lines }

    /// Loads a snippet that must be valid and returns its HTTP channel.
    static func http(_ snippet: String, environment: [String: String] = [:]) throws -> any HTTPChannel {
        let probe = try ChannelConfigProbe(snippet, environment: environment)
        guard let channel = probe.channel as? any HTTPChannel else { throw ProbeError.invalid(probe.problems) }
        return channel
    }

    enum ProbeError: Error { case invalid([String]) }
}

/// Collects log lines from any thread.
final class SinkBox: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}
