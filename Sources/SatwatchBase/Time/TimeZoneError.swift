/// Why a time zone could not be loaded. The description names the file (or the name, when it is
/// refused before any file is opened) and what is wrong with it.
struct TimeZoneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, so callers can word an unknown zone differently from a broken file.
    enum Kind: Sendable, Equatable {
        /// The name is not a zone name (`..`, a leading `/`, odd characters).
        case invalidName
        /// No file for the name.
        case unknownZone
        /// The file exists but cannot be read.
        case unreadable
        /// The file is not valid TZif (or its footer TZ string is invalid).
        case malformed
    }

    /// What went wrong.
    let kind: Kind
    /// The file, or the zone name for `.invalidName`.
    package let path: String
    /// What is wrong, in a short lowercase sentence.
    package let message: String

    var description: String { "\(path): \(message)" }
}

extension TimeZoneError {
    /// What a config file says when the zone `name`, given as its `word` (`location`, `time
    /// zone`), cannot be loaded from `root`: with a did-you-mean, or the package to install.
    func problem(loading name: String, as word: String, root: String) -> String {
        switch kind {
        case .unknownZone where !ZoneNames.rootExists(root):
            "unknown \(word) \"\(name)\": there is no time zone data (\(root) is missing; install the tzdata package)"
        case .unknownZone: "unknown \(word) \"\(name)\"" + ZoneNames.hint(for: name, root: root)
        case .invalidName: "invalid \(word) \"\(name)\": \(message)"
        case .unreadable, .malformed: "\(word) \"\(name)\" cannot be loaded: \(self)"
        }
    }
}
