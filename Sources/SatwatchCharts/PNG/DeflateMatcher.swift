/// Finds earlier copies of the bytes at a position (LZ77) in the last 32 KiB: a hash of each
/// position's next 3 bytes leads to the most recent position with the same hash, and a chain
/// from there to older ones. Chains are cut at `maxChain` steps, as in zlib's faster levels:
/// chart images are long runs and repeated rows, found at the first or second candidate.
struct DeflateMatcher {
    static let window = 32_768
    static let minLength = 3
    static let maxLength = 258
    private static let hashBits = 15

    /// Most recent position for each hash, -1 for none.
    private var head = [Int32](repeating: -1, count: 1 << hashBits)
    /// For a position (modulo the window), the previous position with the same hash.
    private var previous = [Int32](repeating: -1, count: window)
    /// Candidates looked at before settling for the best so far.
    let maxChain: Int

    init(maxChain: Int = 32) { self.maxChain = maxChain }

    /// Records `position` (which has at least 3 bytes after it) as the newest for its hash.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) {
        let hash = Self.hash(bytes, position)
        previous[position & (Self.window - 1)] = head[hash]
        head[hash] = Int32(position)
    }

    /// The longest earlier copy of the bytes at `position` that ends by `end`: its length (0
    /// when none of at least 3 bytes) and distance. Call before `insert` for the same position.
    func longestMatch(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> (length: Int, distance: Int) {
        let limit = min(Self.maxLength, end - position)
        guard limit >= Self.minLength else { return (0, 0) }
        var best = (length: 0, distance: 0)
        var candidate = Int(head[Self.hash(bytes, position)])
        var steps = 0
        while candidate >= 0, position - candidate <= Self.window, steps < maxChain {
            // Checking the byte that would make a longer match first skips most candidates cheaply.
            if bytes[candidate + best.length] == bytes[position + best.length] {
                var length = 0
                while length < limit, bytes[candidate + length] == bytes[position + length] { length += 1 }
                if length > best.length {
                    best = (length, position - candidate)
                    if length == limit { break }
                }
            }
            let next = Int(previous[candidate & (Self.window - 1)])
            // A slot reused by a newer position would lead forwards: the chain ends there.
            guard next < candidate else { break }
            candidate = next
            steps += 1
        }
        return best.length >= Self.minLength ? best : (0, 0)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        let key = UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
        return Int((key &* 2_654_435_761) >> UInt32(32 - hashBits))
    }
}
