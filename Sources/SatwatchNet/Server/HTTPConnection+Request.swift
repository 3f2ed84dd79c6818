extension HTTPConnection {
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Where the `\r\n\r\n` ending the head starts in `bytes`, searching from `start` (the bytes
    /// before it were searched already), or nil.
    static func headerEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return nil }
        for index in start...(bytes.count - 4) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A
            && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A { return index }
        return nil
    }
}
