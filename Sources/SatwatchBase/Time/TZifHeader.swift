/// The 44-byte header in front of each TZif data block (RFC 8536 section 3.1): the version and
/// the six counts that size the block after it.
struct TZifHeader: Equatable {
    /// 0 for version 1, else the ASCII digit (`'2'`, `'3'`, `'4'`).
    let version: UInt8
    let isUTCCount: Int
    let isStandardCount: Int
    let leapCount: Int
    let transitionCount: Int
    let typeCount: Int
    let characterCount: Int

    /// The header's length in bytes.
    static let size = 44

    /// The length of the data block that follows, with transition and leap times of
    /// `timeSize` bytes (4 in the version 1 block, 8 in the version 2+ one).
    func blockSize(timeSize: Int) -> Int {
        transitionCount * timeSize + transitionCount + typeCount * 6 + characterCount
            + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
    }

    /// Reads a header at `offset`; nil when the magic is missing or the bytes run out.
    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset + Self.size <= bytes.count,
              bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else { return nil }
        func count(_ index: Int) -> Int {
            let start = offset + 20 + index * 4
            return bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        version = bytes[offset + 4]
        isUTCCount = count(0)
        isStandardCount = count(1)
        leapCount = count(2)
        transitionCount = count(3)
        typeCount = count(4)
        characterCount = count(5)
    }

    /// What is wrong with the counts, or nil when they are consistent.
    var problem: String? {
        if typeCount == 0 { return "no local time types (typecnt is 0)" }
        if characterCount == 0 { return "no abbreviation characters (charcnt is 0)" }
        if isUTCCount != 0, isUTCCount != typeCount { return "isutcnt \(isUTCCount) is neither 0 nor typecnt \(typeCount)" }
        if isStandardCount != 0, isStandardCount != typeCount {
            return "isstdcnt \(isStandardCount) is neither 0 nor typecnt \(typeCount)"
        }
        return nil
    }
}
