import SatwatchBase
import SatwatchRules

/// A silence (`satwatch silence add`): while it is active, notifications that match all its
/// matchers are not sent (they are recorded as silenced), and neither are the resolves of firings
/// it silenced.
package struct Silence: Sendable, Equatable {
    /// 8 hex digits, what `silence expire` takes.
    package var id: String
    /// All of them must match.
    package var matchers: [SilenceMatcher]
    /// When it starts to apply.
    package var startsAt: Timestamp
    /// When it stops (`--until`, or start + `--for`; now, once expired).
    package var endsAt: Timestamp
    /// Why (`--comment`).
    package var comment: String
    /// Who (`$USER` of whoever added it).
    package var author: String
    /// When it was added.
    package var createdAt: Timestamp

    /// Creates a silence.
    package init(id: String, matchers: [SilenceMatcher], startsAt: Timestamp, endsAt: Timestamp, comment: String,
                author: String, createdAt: Timestamp) {
        self.id = id
        self.matchers = matchers
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.comment = comment
        self.author = author
        self.createdAt = createdAt
    }

    /// A fresh id: 8 random hex digits.
    package static func newID() -> String {
        let id = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: 8 - id.count) + id
    }

    /// Whether it applies at `now`.
    package func isActive(at now: Timestamp) -> Bool { startsAt <= now && now < endsAt }

    /// Whether it silences `notification` (when active).
    package func matches(_ notification: Notification) -> Bool { matchers.allSatisfy { $0.matches(notification) } }
}
