/// Which channels' `${NAME}` values a command needs (the contract's "Operating for months"):
/// a command that sends nothing needs none, `notify NAME` only NAME's, `run` and `check` all.
/// A channel whose variables are unset but not needed is no error: it is left unloaded (its
/// name still known to rules), and any other problem in it is still reported.
public enum SecretNeed: Sendable, Equatable {
    /// Every channel must load (`run`, `check`, `replay --dispatch`).
    case all
    /// No channel sends (`status`, `replay`, `record`, `retry`, `purge`).
    case none
    /// Only this channel sends (`notify NAME`).
    case channel(String)

    /// Whether the command needs channel `name`'s variables.
    func covers(_ name: String) -> Bool {
        switch self {
        case .all: true
        case .none: false
        case .channel(let needed): needed == name
        }
    }
}
