/// A size in bytes as config writes it: a whole number of bytes (`65536`), or a string with a
/// unit, `B`, `KB`/`MB` (powers of 1000) or `KiB`/`MiB` (powers of 1024): `"512KiB"`, `"2MB"`.
/// Units are case-sensitive (a lowercase `b` would mean bits elsewhere); no fractions, no spaces.
package struct ByteSize: Sendable, Hashable, Comparable {
    /// The size.
    package var bytes: Int

    /// A size of `bytes`.
    package init(bytes: Int) { self.bytes = bytes }

    private static let units: [(suffix: String, factor: Int)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("KB", 1000), ("MB", 1_000_000), ("B", 1),
    ]

    /// Parses `"1MiB"`, `"512KiB"`, `"2MB"`, `"1500B"` or plain digits (bytes); nil otherwise,
    /// including sizes from 1 TB up (no feed frame comes near, and it keeps the arithmetic safe).
    package init?(parsing text: String) {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 12, let number = Int(digits) else { return nil }
        let suffix = text.dropFirst(digits.count)
        guard let factor = suffix.isEmpty ? 1 : Self.units.first(where: { $0.suffix == suffix })?.factor else { return nil }
        self.init(bytes: number * factor)
        guard bytes < 1_000_000_000_000 else { return nil }
    }

    /// The size in the largest binary unit that divides it: `1MiB`, `512KiB`, `1500B`.
    package var text: String {
        if bytes > 0, bytes % (1 << 20) == 0 { return "\(bytes >> 20)MiB" }
        if bytes > 0, bytes % (1 << 10) == 0 { return "\(bytes >> 10)KiB" }
        return "\(bytes)B"
    }

    package static func < (lhs: ByteSize, rhs: ByteSize) -> Bool { lhs.bytes < rhs.bytes }
}
