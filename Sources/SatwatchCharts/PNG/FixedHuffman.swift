/// The fixed Huffman codes of deflate (RFC 1951, 3.2.6) and the length and distance code
/// tables (3.2.5): enough to write a compressed block without sending a code table, which for
/// an image of few colours costs little against dynamic codes and keeps the encoder small.
enum FixedHuffman {
    /// Literal/length symbols 0...287: the code, bit-reversed for `DeflateBitWriter`, and its length.
    static let literalCodes: [(code: UInt32, bits: Int)] = (0..<288).map { symbol in
        switch symbol {
        case 0..<144: (reversed(0x30 + UInt32(symbol), bits: 8), 8)
        case 144..<256: (reversed(0x190 + UInt32(symbol - 144), bits: 9), 9)
        case 256..<280: (reversed(UInt32(symbol - 256), bits: 7), 7)
        default: (reversed(0xC0 + UInt32(symbol - 280), bits: 8), 8)
        }
    }

    /// Shortest match length of each length code 257...285, and its extra bits.
    static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
                                     115, 131, 163, 195, 227, 258]
    static let lengthExtraBits: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Shortest distance of each distance code 0...29, and its extra bits.
    static let distanceBases: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                       1537, 2049, 3073, 4097, 6145, 8193, 12_289, 16_385, 24_577]
    static let distanceExtraBits: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
                                           12, 12, 13, 13]

    /// The length code index (0...28) of every match length 0...258 (entries below 3 unused).
    static let lengthCodes: [UInt8] = (0...258).map { length in
        UInt8(lengthBases.lastIndex { $0 <= max(length, 3) } ?? 0)
    }

    /// The distance code of every distance 1...32768 (index distance - 1), computed once.
    static let distanceCodes: [UInt8] = (1...32_768).map { distance in
        UInt8(distanceBases.lastIndex { $0 <= distance } ?? 0)
    }

    /// Writes the literal byte `byte`.
    static func writeLiteral(_ byte: UInt8, to writer: inout DeflateBitWriter) {
        let code = literalCodes[Int(byte)]
        writer.write(code.code, count: code.bits)
    }

    /// Writes the end-of-block symbol (256).
    static func writeEndOfBlock(to writer: inout DeflateBitWriter) {
        let code = literalCodes[256]
        writer.write(code.code, count: code.bits)
    }

    /// Writes a match: `length` (3...258) bytes copied from `distance` (1...32768) back.
    static func writeMatch(length: Int, distance: Int, to writer: inout DeflateBitWriter) {
        let lengthCode = Int(lengthCodes[length])
        let symbol = literalCodes[257 + lengthCode]
        writer.write(symbol.code, count: symbol.bits)
        writer.write(UInt32(length - lengthBases[lengthCode]), count: lengthExtraBits[lengthCode])
        let distanceCode = Int(distanceCodes[distance - 1])
        writer.write(reversed(UInt32(distanceCode), bits: 5), count: 5)
        writer.write(UInt32(distance - distanceBases[distanceCode]), count: distanceExtraBits[distanceCode])
    }

    /// The low `bits` of `code` in reverse order.
    static func reversed(_ code: UInt32, bits: Int) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<bits where code >> UInt32(bit) & 1 == 1 { result |= 1 << UInt32(bits - 1 - bit) }
        return result
    }
}
