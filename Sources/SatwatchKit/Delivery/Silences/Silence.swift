/// A silence (`satwatch silence add`): while it is active, notifications that match all its
/// matchers are not sent (they are recorded as silenced), and neither are the resolves of firings
/// it silenced.
public struct Silence: Sendable, Equatable {
    /// 8 hex digits, what `silence expire` takes.
    public var id: String
    /// All of them must match.
    public var matchers: [SilenceMatcher]
    /// When it starts to apply.
    public var startsAt: Timestamp
    /// When it stops (`--until`, or start + `--for`; now, once expired).
    public var endsAt: Timestamp
    /// Why (`--comment`).
    public var comment: String
    /// Who (`$USER` of whoever added it).
    public var author: String
    /// When it was added.
    public var createdAt: Timestamp

    /// Creates a silence.
    public init(id: String, matchers: [SilenceMatcher], startsAt: Timestamp, endsAt: Timestamp, comment: String,
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
    static func newID() -> String {
        let id = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return String(repeating: "0", count: 8 - id.count) + id
    }

    /// Whether it applies at `now`.
    public func isActive(at now: Timestamp) -> Bool { startsAt <= now && now < endsAt }

    /// Whether it silences `notification` (when active).
    func matches(_ notification: Notification) -> Bool { matchers.allSatisfy { $0.matches(notification) } }
}
