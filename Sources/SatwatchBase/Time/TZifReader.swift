/// Reads a TZif file (RFC 8536, versions 1 to 4) into ``TimeZoneRules``.
///
/// Version 2+ files carry the table twice, with 32-bit and with 64-bit times; only the 64-bit
/// block is read (the 32-bit one ends in 2038), followed by the footer's POSIX TZ string that
/// covers every instant after the last transition. Version 1 files have only the 32-bit block.
struct TZifReader {
    let bytes: [UInt8]
    /// The file, for errors.
    package let path: String

    /// Parses the whole file.
    func rules(name: String) throws(TimeZoneError) -> TimeZoneRules {
        guard let first = TZifHeader(bytes, at: 0) else {
            throw fail(bytes.count < TZifHeader.size && bytes.starts(with: "TZif".utf8)
                ? "truncated header (\(bytes.count) bytes)" : "not a TZif file (it does not start with \"TZif\")")
        }
        guard first.version == 0 || (0x32...0x34).contains(first.version) else {
            throw fail("unsupported TZif version byte 0x\(String(first.version, radix: 16))")
        }
        guard first.version != 0 else {
            let block = try self.block(first, at: TZifHeader.size, timeSize: 4)
            return TimeZoneRules(name: name, transitions: block.transitions, transitionTypes: block.indices,
                                 types: block.types, footer: nil)
        }
        let secondOffset = TZifHeader.size + first.blockSize(timeSize: 4)
        guard let second = TZifHeader(bytes, at: secondOffset) else {
            throw fail("missing or truncated version \(Character(Unicode.Scalar(first.version))) header at byte \(secondOffset)")
        }
        let dataOffset = secondOffset + TZifHeader.size
        let block = try self.block(second, at: dataOffset, timeSize: 8)
        let footer = try self.footer(at: dataOffset + second.blockSize(timeSize: 8))
        return TimeZoneRules(name: name, transitions: block.transitions, transitionTypes: block.indices,
                             types: block.types, footer: footer)
    }

    /// The transitions, their type indices and the types of the block at `offset`.
    private func block(_ header: TZifHeader, at offset: Int, timeSize: Int)
        throws(TimeZoneError) -> (transitions: [Int64], indices: [Int], types: [LocalTimeType]) {
        if let problem = header.problem { throw fail(problem) }
        // Files under right/ count leap seconds in their times; Timestamp is Unix time and
        // has none, so every offset would be off by up to 27 s.
        guard header.leapCount == 0 else {
            throw fail("has \(header.leapCount) leap-second records (a \"right/\" zone); use the zone without \"right/\"")
        }
        let size = header.blockSize(timeSize: timeSize)
        guard offset + size <= bytes.count else {
            throw fail("truncated: the header announces \(size) bytes of data at byte \(offset), the file has \(bytes.count - offset)")
        }
        var cursor = offset
        var transitions: [Int64] = []
        for index in 0..<header.transitionCount {
            let time = signed(at: cursor, size: timeSize)
            cursor += timeSize
            if let last = transitions.last, time <= last {
                throw fail("transition \(index) at \(time) does not follow transition \(index - 1) at \(last)")
            }
            transitions.append(time)
        }
        var indices: [Int] = []
        for index in 0..<header.transitionCount {
            let type = Int(bytes[cursor + index])
            guard type < header.typeCount else {
                throw fail("transition \(index) uses local time type \(type), but there are only \(header.typeCount)")
            }
            indices.append(type)
        }
        cursor += header.transitionCount
        let charactersStart = cursor + header.typeCount * 6
        let characters = bytes[charactersStart..<charactersStart + header.characterCount]
        var types: [LocalTimeType] = []
        for index in 0..<header.typeCount {
            let offset = signed(at: cursor, size: 4)
            let isDST = bytes[cursor + 4], designation = Int(bytes[cursor + 5])
            cursor += 6
            guard offset != Int64(Int32.min) else { throw fail("local time type \(index) has utoff -2^31") }
            guard isDST <= 1 else { throw fail("local time type \(index) has isdst \(isDST) (must be 0 or 1)") }
            let start = characters.startIndex + designation
            guard designation < header.characterCount,
                  let end = characters[start...].firstIndex(of: 0) else {
                throw fail("local time type \(index) has no NUL-terminated abbreviation at index \(designation)")
            }
            types.append(LocalTimeType(utcOffset: Int(offset), isDST: isDST == 1,
                                       abbreviation: String(decoding: characters[start..<end], as: UTF8.self)))
        }
        return (transitions, indices, types)
    }

    /// The footer's TZ string: nil when empty (no rule for later instants).
    private func footer(at offset: Int) throws(TimeZoneError) -> PosixTimeZone? {
        guard offset < bytes.count, bytes[offset] == 0x0A,
              let end = bytes[(offset + 1)...].firstIndex(of: 0x0A) else {
            throw fail("missing footer (a TZ string between newlines after the version 2+ data)")
        }
        let text = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
        guard !text.isEmpty else { return nil }
        do {
            return try PosixTimeZone(parsing: text)
        } catch {
            throw fail("invalid footer TZ string \"\(text)\": \(error.message)")
        }
    }

    /// A big-endian two's-complement integer of `size` bytes (4 or 8).
    private func signed(at offset: Int, size: Int) -> Int64 {
        let raw = bytes[offset..<offset + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return size == 8 ? Int64(bitPattern: raw) : Int64(Int32(bitPattern: UInt32(raw)))
    }

    private func fail(_ message: String) -> TimeZoneError {
        TimeZoneError(kind: .malformed, path: path, message: message)
    }
}
