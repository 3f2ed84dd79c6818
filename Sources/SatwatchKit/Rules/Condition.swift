/// A rule's single condition.
public enum Condition: Sendable, Equatable {
    /// True while the value is strictly above the threshold.
    case above(Double)
    /// True while the value is strictly below the threshold.
    case below(Double)
    /// True while the value has moved by at least `percent` (signed: negative = a drop) relative
    /// to the value `within` ago.
    case change(percent: Double, within: TimeSpan)

    /// The threshold a notification reports: the level, or the percentage for `change`.
    public var threshold: Double {
        switch self {
        case .above(let level), .below(let level): level
        case .change(let percent, _): percent
        }
    }

    /// True when larger observations are "worse": `above`, and `change` with a rise.
    public var triggersUpward: Bool {
        switch self {
        case .above: true
        case .below: false
        case .change(let percent, _): percent >= 0
        }
    }

    /// Whether `observed` (the value, or the change in percent) meets the condition.
    @inline(__always)
    public func isMet(by observed: Double) -> Bool {
        switch self {
        case .above(let level): observed > level
        case .below(let level): observed < level
        case .change(let percent, _): percent >= 0 ? observed >= percent : observed <= percent
        }
    }

    /// Whether a firing alert still holds at `observed`, given the hysteresis level `clear`:
    /// an `above` alert holds until the value is at or below `clear` (mirror for `below`).
    @inline(__always)
    public func stillHolds(_ observed: Double, clear: Double) -> Bool {
        switch self {
        case .above: observed > clear
        case .below: observed < clear
        case .change(let percent, _): percent >= 0 ? observed >= clear : observed <= clear
        }
    }
}
