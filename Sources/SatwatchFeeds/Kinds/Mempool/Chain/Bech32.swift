/// Bech32 (BIP-173) and Bech32m (BIP-350) strings: `hrp` `1` data, the last 6 data characters a
/// BCH checksum over the human-readable part and the data. Written from the BIPs' specification
/// text; checked against their test vectors.
///
/// A failed checksum is located when one changed character explains it: the code detects any 4
/// substitutions, so at most one character's change can turn a string within one error of a
/// valid one back into a valid one, and that character is where the mistake is. The string is
/// never corrected (BIP-173: correcting could send coins to an address nobody chose), only the
/// position named.
package enum Bech32 {
    /// Which checksum constant a string carries.
    package enum Encoding: Sendable, Equatable, CustomStringConvertible {
        /// BIP-173, for witness version 0.
        case bech32
        /// BIP-350, for witness versions 1 to 16.
        case bech32m

        /// What the checksum's polymod must equal.
        var constant: UInt32 { self == .bech32 ? 1 : 0x2bc8_30a3 }

        package var description: String { self == .bech32 ? "bech32" : "bech32m" }
    }

    /// A decoded string: its human-readable part (lowercase), its data as 5-bit values without
    /// the checksum, and which checksum it has.
    package struct Decoded: Sendable, Equatable {
        package var hrp: String
        package var data: [UInt8]
        package var encoding: Encoding
    }

    /// Why a string is not Bech32 or Bech32m; `offset` is the character at fault (0-based, in
    /// characters of the string) when one is.
    package struct Failure: Error, Sendable, Equatable {
        package var message: String
        package var offset: Int?

        init(_ message: String, at offset: Int? = nil) {
            self.message = message
            self.offset = offset
        }
    }

    /// The 32 data characters; a character's value is its index.
    static let charset = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    /// Each ASCII byte's 5-bit value, or -1 for a byte outside the charset (either case).
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, character) in charset.enumerated() {
            table[Int(character)] = Int8(value)
            if character >= UInt8(ascii: "a"), character <= UInt8(ascii: "z") { table[Int(character) - 32] = Int8(value) }
        }
        return table
    }()
    /// The longest string BIP-173 allows.
    static let maximumLength = 90

    /// Decodes `text` under either encoding. With `hrp`, the human-readable part the string must
    /// have (a Bitcoin network's, known from the prefix), the data start right after it: a `1`
    /// among them is a character that is not bech32, named at its place, where splitting at the
    /// last `1` (all BIP-173 can do without knowing the part) would take it for the separator.
    package static func decode(_ text: String, hrp expected: String? = nil) throws(Failure) -> Decoded {
        let bytes = Array(text.unicodeScalars)
        if bytes.count > maximumLength { throw Failure("too long: \(bytes.count) characters, at most \(maximumLength)") }
        for (offset, scalar) in bytes.enumerated() where scalar.value < 33 || scalar.value > 126 {
            throw Failure("character \(offset + 1) is not printable ASCII", at: offset)
        }
        // The first letter sets the case; the first letter of the other case is the mistake.
        if let first = bytes.first(where: { $0.properties.isAlphabetic }) {
            let upper = ("A"..."Z").contains(first)
            if let other = bytes.firstIndex(where: { upper ? ("a"..."z").contains($0) : ("A"..."Z").contains($0) }) {
                throw Failure("mixes upper and lower case at character \(other + 1) (write it all in one case)", at: other)
            }
        }
        let lowered = bytes.map { UInt8(("A"..."Z").contains($0) ? $0.value + 32 : $0.value) }
        let separator = try Self.separator(in: lowered, hrp: expected)
        if lowered.count - separator - 1 < 6 { throw Failure("too short: the checksum takes 6 characters after \"1\"") }
        var data: [UInt8] = []
        for offset in (separator + 1)..<lowered.count {
            let value = values[Int(lowered[offset])]
            guard value >= 0 else {
                throw Failure("character \(offset + 1) (\"\(Character(bytes[offset]))\") is not a bech32 character", at: offset)
            }
            data.append(UInt8(value))
        }
        let hrp = Array(lowered[..<separator])
        let residue = polymod(expand(hrp) + data)
        let encoding: Encoding
        switch residue {
        case Encoding.bech32.constant: encoding = .bech32
        case Encoding.bech32m.constant: encoding = .bech32m
        default:
            if let position = locateError(hrp: hrp, data: data) {
                let offset = separator + 1 + position
                throw Failure("checksum error at character \(offset + 1) (\"\(Character(bytes[offset]))\")", at: offset)
            }
            throw Failure("checksum error (more than one character is wrong)")
        }
        return Decoded(hrp: String(decoding: hrp, as: UTF8.self), data: Array(data.dropLast(6)), encoding: encoding)
    }

    /// Where the separator `1` of the lowercased string `lowered` is: right after `hrp` when it
    /// is known, else the last `1`.
    private static func separator(in lowered: [UInt8], hrp: String?) throws(Failure) -> Int {
        guard let hrp else {
            guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")) else { throw Failure("no separator \"1\"") }
            if separator == 0 { throw Failure("nothing before the separator \"1\"", at: 0) }
            return separator
        }
        let prefix = Array((hrp + "1").utf8)
        guard lowered.starts(with: prefix) else { throw Failure("does not start with \"\(hrp)1\"", at: 0) }
        return prefix.count - 1
    }

    /// `hrp` and `data` (5-bit values) with their checksum, in lowercase.
    package static func encode(hrp: String, data: [UInt8], encoding: Encoding) -> String {
        let prefix = Array(hrp.lowercased().utf8)
        let residue = polymod(expand(prefix) + data + [0, 0, 0, 0, 0, 0]) ^ encoding.constant
        let checksum = (0..<6).map { UInt8((residue >> (5 * (5 - $0))) & 31) }
        return hrp.lowercased() + "1" + String(decoding: (data + checksum).map { charset[Int($0)] }, as: UTF8.self)
    }

    /// The BCH code's generator, one value per bit of the 5 that overflow.
    private static let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]

    /// The BCH checksum's remainder over `values` (BIP-173's `bech32_polymod`).
    static func polymod(_ values: [UInt8]) -> UInt32 {
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1ff_ffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> bit) & 1 == 1 { checksum ^= generator[bit] }
        }
        return checksum
    }

    /// The human-readable part as the checksum reads it: high bits, a zero, low bits.
    static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// The data position (checksum included) whose change alone makes the checksum valid under
    /// either encoding; nil when no single change does, or more than one position would.
    ///
    /// The polymod is linear over XOR: changing the value at a position by `delta` changes the
    /// residue by the polymod (started from 0) of `delta` followed by as many zeros as values
    /// come after it. So the effect of each of a position's 5 bits is computed once, walking from
    /// the last position to the first, and each candidate `delta` is their XOR: linear work in
    /// the length, where trying every candidate through the whole polymod was quadratic.
    static func locateError(hrp: [UInt8], data: [UInt8]) -> Int? {
        let residue = polymod(expand(hrp) + data)
        let targets = [residue ^ Encoding.bech32.constant, residue ^ Encoding.bech32m.constant]
        // bitEffects[b]: the residue change of flipping bit b of the current position.
        var bitEffects: [UInt32] = (0..<5).map { 1 << $0 }
        var found: Int?
        for position in data.indices.reversed() {
            for delta in 1..<32 {
                var effect: UInt32 = 0
                for bit in 0..<5 where (delta >> bit) & 1 == 1 { effect ^= bitEffects[bit] }
                if targets.contains(effect) {
                    if found != nil, found != position { return nil }
                    found = position
                }
            }
            bitEffects = bitEffects.map(shiftedByOneValue)
        }
        return found
    }

    /// The polymod's state after one more zero value: what a change's effect becomes when the
    /// changed value moves one position further from the end.
    private static func shiftedByOneValue(_ state: UInt32) -> UInt32 {
        let top = state >> 25
        var next = (state & 0x1ff_ffff) << 5
        for bit in 0..<5 where (top >> bit) & 1 == 1 { next ^= generator[bit] }
        return next
    }

    /// `data` regrouped from `from`-bit to `to`-bit values, as decoding a witness program needs
    /// (BIP-173's `convertbits` without padding); nil with the problem when the bits left over
    /// are `from` or more, or not all zero.
    static func regroup(_ data: [UInt8], from: Int, to: Int) -> (values: [UInt8]?, problem: String?) {
        var accumulator = 0, bits = 0
        var result: [UInt8] = []
        let mask = (1 << to) - 1
        for value in data {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                result.append(UInt8((accumulator >> bits) & mask))
            }
            accumulator &= (1 << bits) - 1
        }
        if bits >= from { return (nil, "has \(bits) bits of padding, more than 4") }
        if accumulator != 0 { return (nil, "has padding bits that are not zero") }
        return (result, nil)
    }
}
