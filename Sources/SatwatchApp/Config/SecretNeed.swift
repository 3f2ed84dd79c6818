/// Which channels' and feeds' `${NAME}` values a command needs (the contract's "Operating for
/// months"): a command that sends nothing needs no channel's, `notify NAME` only NAME's, `run`
/// and `check` all; only commands that connect feeds (`run`, `check`, `record`) need the feeds'
/// (an API key). A channel whose variables are unset but not needed is no error: it is left
/// unloaded (its name still known to rules); a feed is loaded without the value. Any other
/// problem in either is still reported.
package enum SecretNeed: Sendable, Equatable {
    /// Every channel must load (`run`, `check`, `replay --dispatch`).
    case all
    /// No channel sends (`status`, `replay`, `record`, `retry`, `purge`).
    case none
    /// Only this channel sends (`notify NAME`).
    case channel(String)
    /// No channel sends, but feeds connect (`record`).
    case feeds

    /// Whether the command needs channel `name`'s variables.
    func covers(_ name: String) -> Bool {
        switch self {
        case .all: true
        case .none, .feeds: false
        case .channel(let needed): needed == name
        }
    }

    /// Whether the command needs the feeds' variables.
    var coversFeeds: Bool { self == .all || self == .feeds }
}
