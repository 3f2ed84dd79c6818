@testable import SatwatchCharts
import Testing

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

    @Test(arguments: [
        ("", 0x0000_0001), ("a", 0x0062_0062), ("abc", 0x024D_0127), ("Wikipedia", 0x11E6_0398),
        ("123456789", 0x091E_01DE),
    ] as [(String, UInt32)])
    func adler32(_ text: String, _ expected: UInt32) {
        #expect(Adler32.checksum(Array(text.utf8)) == expected)
    }

    /// Long inputs cross the 5552-byte runs where the sums are reduced; 0xFF bytes make the sums
    /// grow fastest. Python's zlib gives the expected values.
    @Test(arguments: [5_551, 5_552, 5_553, 100_000, 1_000_003])
    func longInputsAgreeWithZlib(_ count: Int) async throws {
        for bytes in [[UInt8](repeating: 0xFF, count: count), SeededBytes.random(count: count, seed: UInt64(count))] {
            let result = try await PythonProbe.run(PythonProbe.checksums, files: [bytes])
            #expect(result.text == "\(CRC32.checksum(bytes)) \(Adler32.checksum(bytes))")
        }
    }
}
