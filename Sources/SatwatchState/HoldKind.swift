/// Why a delivery stage holds a pending entry (or a whole channel) for a while: `muted` (a quiet
/// window), `group` (a group still gathering), `rate` (a rate limit), … Like `OutboxState`, the
/// kinds are open: each stage names its own in its own file, and a new one needs no new schema.
package struct HoldKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stored text (`outbox.hold_kind`), shown by `status`, `history` and the page.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }
}
