extension JSONReader {
    /// Reads a number with the full JSON grammar. Up to 19 significant digits with a small
    /// decimal exponent are converted exactly with one IEEE operation (Clinger's fast path),
    /// other significands of up to 19 digits by Eisel–Lemire; anything else (long digit runs,
    /// extreme exponents) goes through the standard library. All three round correctly.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var cursor = index
        let negative = base[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        guard cursor < end else { throw error("invalid number", at: cursor) }
        if base[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < end, isDigit(base[cursor]) { throw error("invalid number", at: cursor) }
        } else if isDigit(base[cursor]) {
            let integerStart = cursor
            accumulateDigits(into: &mantissa, cursor: &cursor)
            digits = cursor - integerStart
        } else {
            throw error("invalid number", at: cursor)
        }
        var fractionDigits = 0
        if cursor < end, base[cursor] == UInt8(ascii: ".") {
            cursor += 1
            let fractionStart = cursor
            accumulateDigits(into: &mantissa, cursor: &cursor)
            fractionDigits = cursor - fractionStart
            guard fractionDigits > 0 else { throw error("invalid number", at: cursor) }
            digits += fractionDigits
        }
        var exponent = 0
        if cursor < end, base[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            var exponentNegative = false
            if cursor < end, base[cursor] == UInt8(ascii: "-") || base[cursor] == UInt8(ascii: "+") {
                exponentNegative = base[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            guard cursor < end, isDigit(base[cursor]) else { throw error("invalid number", at: cursor) }
            while cursor < end, isDigit(base[cursor]) {
                // Saturate: anything this large is out of range (or zero) either way.
                if exponent < 100_000 { exponent = exponent * 10 + Int(base[cursor] &- 0x30) }
                cursor += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        index = cursor
        if digits <= 19 {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            let scale = exponent - fractionDigits
            if mantissa <= 1 << 53, scale >= -22, scale <= 22 {
                let value = Double(mantissa)
                let result = scale < 0 ? value / Self.powersOfTen[-scale] : value * Self.powersOfTen[scale]
                return negative ? -result : result
            }
            if let result = EiselLemire.double(significand: mantissa, power: scale) {
                return negative ? -result : result
            }
        }
        let value = slowNumber(from: start, to: cursor)
        guard value.isFinite else { throw error("number out of range", at: start) }
        return value
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Appends a run of decimal digits to `value` (wrapping: callers count the digits and do
    /// not trust more than 19), eight at a time while it can (SWAR, as in fast_float).
    @inline(__always)
    func accumulateDigits(into value: inout UInt64, cursor: inout Int) {
        while cursor + 8 <= end {
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
            let high = chunk & 0xF0F0_F0F0_F0F0_F0F0
            let carried = (chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
            guard high | carried >> 4 == 0x3333_3333_3333_3333 else { break }
            var digits = chunk &- 0x3030_3030_3030_3030
            digits = digits &* 10 &+ digits >> 8
            let mask: UInt64 = 0x0000_00FF_0000_00FF
            digits = ((digits & mask) &* 0x000F_4240_0000_0064 &+ (digits >> 16 & mask) &* 0x0000_2710_0000_0001) >> 32
            value = value &* 100_000_000 &+ digits
            cursor += 8
        }
        while cursor < end, isDigit(base[cursor]) {
            value = value &* 10 &+ UInt64(base[cursor] &- 0x30)
            cursor += 1
        }
    }

    /// Converts an already validated number with the standard library's correctly rounded,
    /// locale-independent parser; only long digit runs and extreme exponents come here.
    func slowNumber(from start: Int, to end: Int) -> Double {
        Double(String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)) ?? .nan
    }

    /// 10^0 through 10^22, all exactly representable as Double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
