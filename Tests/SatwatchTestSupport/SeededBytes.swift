/// Test inputs that are the same on every run: pseudo-random bytes (SplitMix64) and text.
public enum SeededBytes {
    /// `count` bytes that look random to a compressor.
    public static func random(count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// English-like text of about `count` bytes: words repeat, as in real text, at irregular distances.
    public static func text(count: Int) -> [UInt8] {
        let words = ["price", "alert", "bitcoin", "threshold", "the", "above", "below", "fee", "mempool", "rule",
                     "fired", "at", "resolved", "band", "volume", "24h", "change", "%", "sat/vB", "block"]
        let picks = random(count: count, seed: 7)
        var text: [UInt8] = []
        var index = 0
        while text.count < count {
            text += Array(words[Int(picks[index % picks.count]) % words.count].utf8) + [0x20]
            index += 1
        }
        return Array(text.prefix(count))
    }
}
