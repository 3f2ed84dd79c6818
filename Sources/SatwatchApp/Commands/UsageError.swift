import SatwatchBase
import SatwatchFeeds

/// A command line that does not fit the command: exit 2 with one line and a hint.
package struct UsageError: Error, Sendable, Equatable {
    /// What is wrong.
    package var message: String

    /// Creates a usage error.
    package init(_ message: String) { self.message = message }
}

extension UsageError {
    /// `unknown feed "mempol" (did you mean "mempool"?)`, or, when no candidate is close, the
    /// list: `unknown channel "x" (configured: team, mail)`.
    static func unknown(_ what: String, _ word: String, among candidates: [String], listedAs label: String) -> UsageError {
        UsageError("unknown \(what) \"\(word)\"" + EditDistance.hintOrList(for: word, among: candidates, label: label))
    }

    /// The feed named on the command line, or the error naming the closest one.
    static func feed(named name: String) throws(UsageError) -> FeedKind {
        guard let kind = FeedKind(rawValue: name) else {
            throw unknown("feed", name, among: FeedKind.allCases.map(\.rawValue), listedAs: "known")
        }
        return kind
    }
}
