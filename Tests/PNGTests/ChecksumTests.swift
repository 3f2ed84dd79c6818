@testable import PNG
import SatwatchTestSupport
import Testing

/// CRC-32 through the zlib wrapper: known vectors, parts, and long inputs against Python's zlib.

@Suite struct ChecksumTests {
    @Test(arguments: [
        ("", 0x0000_0000), ("a", 0xE8B7_BE43), ("abc", 0x3524_41C2), ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339), ("IEND", 0xAE42_6082),
    ] as [(String, UInt32)])
    func crc32(_ text: String, _ expected: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == expected)
    }

    @Test func crc32InParts() {
        let whole = Array("The quick brown fox jumps over the lazy dog".utf8)
        #expect(CRC32.checksum(whole[10...], continuing: CRC32.checksum(whole[..<10])) == CRC32.checksum(whole))
    }

    /// Long inputs, all 0xFF and random. Python's zlib gives the expected values.
    @Test(arguments: [5_551, 5_552, 5_553, 100_000, 1_000_003])
    func longInputsAgreeWithZlib(_ count: Int) async throws {
        for bytes in [[UInt8](repeating: 0xFF, count: count), SeededBytes.random(count: count, seed: UInt64(count))] {
            let result = try await PythonProbe.run(PythonProbe.checksums, files: [bytes])
            #expect(result.text.split(separator: " ").first.map(String.init) == "\(CRC32.checksum(bytes))")
        }
    }
}
