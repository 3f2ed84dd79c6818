import Testing
import Digests

@Suite("SHA-1")
struct SHA1Tests {
    @Test("FIPS 180 vectors", arguments: [
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "a49b2446a02c645bf419f995b67091253a04a259"),
    ])
    func fipsVectors(input: String, digest: String) {
        #expect(Hex.string(SHA1.hash(Array(input.utf8))) == digest)
    }

    @Test("One million 'a'")
    func millionA() {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Hex.string(SHA1.hash(input)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// Lengths around the padding boundaries (55/56 bytes leave no room for the length field).
    @Test("Padding boundaries", arguments: [
        (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        (56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        (63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
        (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
        (65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
        (119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
        (120, "f34c1488385346a55709ba056ddd08280dd4c6d6"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(Hex.string(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest)
    }
}
