/// Bits into bytes as deflate packs them (RFC 1951, 3.1.1): each value's least significant bit
/// first, bytes filled from their least significant bit. Huffman codes, which are defined most
/// significant bit first, are stored pre-reversed (`FixedHuffman`).
struct DeflateBitWriter {
    /// The completed bytes.
    private(set) var bytes: [UInt8] = []
    /// Bits written but not yet a whole byte (at most 7 between calls).
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// A position to come back to when a block turns out better stored than compressed.
    struct Mark {
        fileprivate let byteCount: Int, pending: UInt64, pendingCount: Int
        /// Bits written up to the mark.
        var bitCount: Int { byteCount * 8 + pendingCount }
    }

    /// All bits written so far.
    var bitCount: Int { bytes.count * 8 + pendingCount }

    /// Writes the low `count` (0...32) bits of `value`, least significant first.
    mutating func write(_ value: UInt32, count: Int) {
        pending |= UInt64(value & (count == 32 ? .max : (1 << count) - 1)) << pendingCount
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    /// Pads with zero bits to the next byte boundary (before a stored block's lengths, and at the end).
    mutating func alignToByte() {
        if pendingCount > 0 { write(0, count: 8 - pendingCount) }
    }

    /// Appends whole bytes; the writer must be at a byte boundary.
    mutating func append(contentsOf raw: some Collection<UInt8>) {
        precondition(pendingCount == 0, "bytes appended off a byte boundary")
        bytes.append(contentsOf: raw)
    }

    /// The current position.
    func mark() -> Mark { Mark(byteCount: bytes.count, pending: pending, pendingCount: pendingCount) }

    /// Forgets everything written after `mark`.
    mutating func rewind(to mark: Mark) {
        bytes.removeLast(bytes.count - mark.byteCount)
        pending = mark.pending
        pendingCount = mark.pendingCount
    }
}
