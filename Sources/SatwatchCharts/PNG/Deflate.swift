/// A raw deflate stream (RFC 1951) of blocks with the fixed Huffman codes and LZ77 matches,
/// falling back to a stored block for any part that would come out larger compressed (random
/// bytes): the output is never more than 5 bytes per 64 KiB (plus 2) larger than the input.
enum Deflate {
    /// The most bytes one stored block can hold, and so the size of every block here.
    static let blockSize = 65_535

    /// `input` compressed.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var writer = DeflateBitWriter()
        guard !input.isEmpty else {
            // One final fixed block holding only the end-of-block symbol.
            writer.write(1, count: 1)
            writer.write(1, count: 2)
            FixedHuffman.writeEndOfBlock(to: &writer)
            writer.alignToByte()
            return writer.bytes
        }
        var matcher = DeflateMatcher()
        input.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(start + blockSize, bytes.count)
                let last = end == bytes.count
                let mark = writer.mark()
                writeFixedBlock(bytes, start..<end, last: last, matcher: &matcher, to: &writer)
                // Header, padding to a byte, LEN and NLEN, then the bytes themselves.
                let storedBits = 3 + 7 + 32 + 8 * (end - start)
                if writer.bitCount - mark.bitCount > storedBits {
                    writer.rewind(to: mark)
                    writeStoredBlock(bytes[start..<end], last: last, to: &writer)
                }
                start = end
            }
        }
        writer.alignToByte()
        return writer.bytes
    }

    /// A block with fixed codes for `range`; matches never reach past its end, so the block can
    /// be replaced by a stored one, and may reach back into earlier blocks.
    private static func writeFixedBlock(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, last: Bool,
                                        matcher: inout DeflateMatcher, to writer: inout DeflateBitWriter) {
        writer.write(last ? 1 : 0, count: 1)
        writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        var position = range.lowerBound
        while position < range.upperBound {
            guard position + DeflateMatcher.minLength <= bytes.count else {
                FixedHuffman.writeLiteral(bytes[position], to: &writer)
                position += 1
                continue
            }
            let match = matcher.longestMatch(bytes, at: position, end: range.upperBound)
            matcher.insert(bytes, at: position)
            guard match.length > 0 else {
                FixedHuffman.writeLiteral(bytes[position], to: &writer)
                position += 1
                continue
            }
            FixedHuffman.writeMatch(length: match.length, distance: match.distance, to: &writer)
            // Every position inside the match becomes a candidate for later matches too.
            for inside in (position + 1)..<min(position + match.length, bytes.count - DeflateMatcher.minLength + 1) {
                matcher.insert(bytes, at: inside)
            }
            position += match.length
        }
        FixedHuffman.writeEndOfBlock(to: &writer)
    }

    /// A stored (uncompressed) block of at most 65535 bytes.
    private static func writeStoredBlock(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, last: Bool, to writer: inout DeflateBitWriter) {
        writer.write(last ? 1 : 0, count: 1)
        writer.write(0, count: 2)  // BTYPE 00: stored
        writer.alignToByte()
        let length = UInt16(bytes.count)
        writer.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        writer.append(contentsOf: bytes)
    }
}
