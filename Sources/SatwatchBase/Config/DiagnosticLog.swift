import SatwatchJSON

/// Collects every problem of a load, so `check` reports them all at once rather than the first.
package final class DiagnosticLog {
    /// The problems, in the order found.
    package private(set) var diagnostics: [Diagnostic] = []

    /// The text of each file loaded into this log, by path, so a problem inside a string can
    /// be placed past its escapes (``ConfigObject/location(at:inStringAt:)``).
    private var sources: [String: [UInt8]] = [:]

    /// Creates an empty log.
    package init() {}

    /// An empty log that places problems in the files `parent` has loaded (a feed's or
    /// channel's own log, merged into `parent` later).
    package init(placingIn parent: DiagnosticLog) { sources = parent.sources }

    /// Keeps the text of the file at `path`, whose problems this log collects.
    package func keep(_ source: [UInt8], of path: String) { sources[path] = source }

    /// The text of the file at `path`, if it was loaded into this log.
    package func source(of path: String) -> [UInt8]? { sources[path] }

    /// Records a problem.
    package func report(_ path: String, at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(path: path, at: location, message))
    }

    /// Records that `${name}` is unset, at `location`; `unsetVariables` tells these apart.
    package func reportUnset(_ path: String, at location: SourceLocation, name: String) {
        unsetVariables[diagnostics.count] = name
        report(path, at: location, "environment variable \(name) is not set")
    }

    /// The variable of each unset-variable problem, by its index in `diagnostics`.
    package private(set) var unsetVariables: [Int: String] = [:]

    /// Records an existing diagnostic (from another log: `unsetVariable` keeps its kind).
    package func append(_ diagnostic: Diagnostic, unsetVariable: String? = nil) {
        if let unsetVariable { unsetVariables[diagnostics.count] = unsetVariable }
        diagnostics.append(diagnostic)
    }

    /// True when nothing was reported.
    package var isEmpty: Bool { diagnostics.isEmpty }

    /// The number of problems reported so far (to tell whether a step added any).
    package var count: Int { diagnostics.count }
}
