import SatwatchBase

extension Rule {
    /// A digest of everything that decides when the rule fires. Stored with the rule's state: when
    /// it differs after a reload or restart, the rule starts fresh instead of resuming.
    ///
    /// A rule version 1 could express (`above`, `below`, `change` in percent, numbers only) keeps
    /// version 1's digest, so upgrading does not reset it: a firing alert is not announced again.
    package var definitionDigest: String {
        var text: String
        if let v1 = (condition as? VersionOneDigest)?.versionOneText {
            text = "\(metric)|\(source ?? "")|\(v1.clear)|\(holdFor.milliseconds)|\(v1.condition)"
        } else {
            text = "2|\(source ?? "")|\(holdFor.milliseconds)|\(condition.definition)"
        }
        if let candle { text += "|candle:\(candle.milliseconds)" }
        if once { text += "|once" }
        return StableHash.hex(text)
    }
}

extension Rule: Equatable {
    package static func == (lhs: Rule, rhs: Rule) -> Bool {
        lhs.name == rhs.name && lhs.metric == rhs.metric && lhs.source == rhs.source
            && lhs.condition.definition == rhs.condition.definition && lhs.holdFor == rhs.holdFor
            && lhs.repeatEvery == rhs.repeatEvery && lhs.resolve == rhs.resolve && lhs.candle == rhs.candle
            && lhs.once == rhs.once && lhs.channels == rhs.channels && lhs.labels == rhs.labels
            && lhs.message == rhs.message && lhs.resolvedMessage == rhs.resolvedMessage && lhs.origin == rhs.origin
            && lhs.isDisabled == rhs.isDisabled && lhs.description == rhs.description && lhs.quiet == rhs.quiet
    }
}

/// A condition version 1 could express, with the pieces of version 1's digest text.
protocol VersionOneDigest {
    /// `clear` as version 1 printed it, and `above:100000.0`; nil when it uses anything newer.
    var versionOneText: (clear: Double, condition: String)? { get }
}
