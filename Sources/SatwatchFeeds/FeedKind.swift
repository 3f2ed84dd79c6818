/// A feed's name: its key under `feeds` in the config and the `source` of its samples. Only the
/// names of feeds listed in `FeedKinds.all` exist; each feed's file declares its own constant
/// (`FeedKind.mempool`).
package struct FeedKind: RawRepresentable, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// The name, e.g. `mempool`.
    package let rawValue: String

    /// The feed called `rawValue`; nil when no feed has that name.
    package init?(rawValue: String) {
        guard FeedKinds.definition(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A feed's own constant, declared in its definition's file.
    init(defining name: String) { rawValue = name }

    /// Every feed, in registration order.
    package static var allCases: [FeedKind] { FeedKinds.all.map { $0.kind } }

    /// Everything about this feed.
    package var definition: any FeedDefinition.Type { FeedKinds.definition(named: rawValue)! }

    /// The public endpoint used when the config gives no `url`.
    package var defaultURL: String { definition.defaultURL }

    package var description: String { rawValue }

    package static func < (lhs: FeedKind, rhs: FeedKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
