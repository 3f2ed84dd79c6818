import Glibc
import Synchronization

/// Writes one event per line to stderr, as logfmt (default) or JSON, with time, level, message
/// and fields. Every secret of its `Redactor` is replaced by `***` before a line is written.
/// Writing to the journal, each line starts with its syslog priority (`<3>` error, `<4>` warn,
/// `<6>` info, `<7>` debug; sd-daemon(3)), so `journalctl -p warning` finds the warnings.
package final class Logger: Sendable {
    /// Severity, lowest first.
    package enum Level: String, Sendable, Comparable, CaseIterable {
        case debug, info, warn, error
        var rank: Int { Self.allCases.firstIndex(of: self)! }
        /// The sd-daemon(3) prefix: the syslog priority journald records for the line.
        var journalPrefix: String {
            switch self {
            case .debug: "<7>"
            case .info: "<6>"
            case .warn: "<4>"
            case .error: "<3>"
            }
        }
        package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    /// Line format.
    package enum Format: String, Sendable, CaseIterable {
        case logfmt, json
    }

    private let settings: Mutex<(format: Format, minimum: Level)>
    private let redactor: Mutex<Redactor>
    private let sink: @Sendable (String) -> Void
    private let clock: @Sendable () -> Timestamp
    private let journal: Bool

    /// Creates a logger writing to `sink` (stderr by default); `journal`: the sink is the
    /// journal, so lines carry priority prefixes.
    package init(format: Format = .logfmt, level: Level = .info, secrets: Redactor = [], journal: Bool = false,
                clock: @escaping @Sendable () -> Timestamp = { WallClock.now() },
                sink: @escaping @Sendable (String) -> Void = Logger.standardError) {
        self.journal = journal
        self.settings = Mutex((format, level))
        self.redactor = Mutex(secrets)
        self.clock = clock
        self.sink = sink
    }

    /// Switches format and level (once the config that names them is read).
    package func configure(format: Format, level: Level) {
        settings.withLock { $0 = (format, level) }
    }

    /// Adds secrets that must never appear in a log line (a config's, once it is loaded; a
    /// reloaded config's are added to the old ones).
    package func redact(_ secrets: Redactor) {
        redactor.withLock { $0 = $0.merging(secrets) }
    }

    /// Writes an event when `level` is at or above the configured level.
    package func log(_ level: Level, _ message: String, _ fields: LogFields = [:]) {
        let (format, minimum) = settings.withLock { $0 }
        guard level >= minimum else { return }
        write(level, message, fields, format: format)
    }

    /// Writes an event whatever the configured level: for a `log` channel's notifications, which
    /// are deliveries the user asked for, not diagnostics (a resolved notice is info-level, and a
    /// channel must not swallow it at `warn`).
    package func deliver(_ level: Level, _ message: String, _ fields: LogFields = [:]) {
        write(level, message, fields, format: settings.withLock { $0.format })
    }

    /// Whether events at `level` are written: lets a caller skip building an event nobody sees.
    package func isEnabled(_ level: Level) -> Bool {
        level >= settings.withLock { $0.minimum }
    }

    private func write(_ level: Level, _ message: String, _ fields: LogFields, format: Format) {
        let hidden = redactor.withLock { $0 }
        let clean = hidden.redact
        let pairs = [("time", clock().rfc3339), ("level", level.rawValue), ("msg", clean(message))]
            + fields.pairs.map { ($0.0, clean($0.1)) }
        let line = format == .json ? LogLine.json(pairs) : LogLine.logfmt(pairs)
        sink(journal ? level.journalPrefix + line : line)
    }

    /// Debug-level event.
    package func debug(_ message: String, _ fields: LogFields = [:]) { log(.debug, message, fields) }
    /// Info-level event.
    package func info(_ message: String, _ fields: LogFields = [:]) { log(.info, message, fields) }
    /// Warning-level event.
    package func warn(_ message: String, _ fields: LogFields = [:]) { log(.warn, message, fields) }
    /// Error-level event.
    package func error(_ message: String, _ fields: LogFields = [:]) { log(.error, message, fields) }

    /// Writes a line to file descriptor 2 in one `write` call, so lines never interleave.
    package static let standardError: @Sendable (String) -> Void = { line in
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}

/// Ordered `key=value` fields of a log event, written as a dictionary literal.
package struct LogFields: ExpressibleByDictionaryLiteral, Sendable {
    /// The fields in the order written.
    package var pairs: [(String, String)]

    /// Creates fields from pairs.
    package init(_ pairs: [(String, String)]) { self.pairs = pairs }

    package init(dictionaryLiteral elements: (String, String)...) { pairs = elements }
}
