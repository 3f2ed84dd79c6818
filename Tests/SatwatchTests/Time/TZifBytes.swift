/// Builds TZif files for tests (RFC 8536): a version 1 block and, for versions 2+, a 64-bit
/// block and a footer. The version 1 block can differ from the 64-bit one, to show which the
/// reader uses.
struct TZifBytes {
    var version: UInt8 = 0x32
    var transitions: [(time: Int64, type: UInt8)] = []
    var types: [(offset: Int32, isDST: UInt8, index: UInt8)] = [(0, 0, 0)]
    var characters = "UTC\0"
    var leapCount = 0
    var footer: String? = ""
    /// Replaces the version 1 block's single type offset (it otherwise copies the 64-bit data).
    var version1Offset: Int32?

    var bytes: [UInt8] {
        guard version != 0 else { return block(timeSize: 4) }
        var out = block(timeSize: 4)
        out.replaceSubrange(4...4, with: [version])
        out += block(timeSize: 8)
        out[TZifHeaderSize + blockLength(4) + 4] = version
        if let footer { out += [0x0A] + Array(footer.utf8) + [0x0A] }
        return out
    }

    private let TZifHeaderSize = 44

    private func blockLength(_ timeSize: Int) -> Int { block(timeSize: timeSize).count - TZifHeaderSize }

    private func block(timeSize: Int) -> [UInt8] {
        let v1Override = timeSize == 4 && version != 0 ? version1Offset : nil
        let transitions = v1Override == nil ? self.transitions : []
        let types = v1Override.map { [($0, UInt8(0), UInt8(0))] } ?? self.types
        var out = Array("TZif".utf8) + [version == 0 ? 0 : version] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, leapCount, transitions.count, types.count, characters.utf8.count] { out += Self.be(Int64(count), 4) }
        for transition in transitions { out += Self.be(transition.time, timeSize) }
        out += transitions.map(\.type)
        for type in types { out += Self.be(Int64(type.offset), 4) + [type.isDST, type.index] }
        out += Array(characters.utf8)
        for _ in 0..<leapCount { out += [UInt8](repeating: 0, count: timeSize + 4) }
        return out
    }

    static func be(_ value: Int64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
