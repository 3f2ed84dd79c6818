@testable import SatwatchCharts
import Testing

@Suite struct DeflateTests {
    /// Named inputs: each is compressed here and inflated by Python's zlib, which must give the
    /// same bytes back (and accept the header and Adler-32).
    static let inputs: [(String, [UInt8])] = [
        ("empty", []),
        ("one byte", [0x41]),
        ("two bytes", [0x00, 0xFF]),
        ("short text", Array("hello, hello, hello world".utf8)),
        ("all byte values", allByteValues),
        ("long text", SeededBytes.text(count: 200_000)),
        ("zeros across blocks", [UInt8](repeating: 0, count: 300_000)),
        ("exactly one block", [UInt8](repeating: 7, count: Deflate.blockSize)),
        ("one block and a byte", [UInt8](repeating: 7, count: Deflate.blockSize + 1)),
        ("repeated pattern", repeatedPattern),
        ("rows of a picture", pictureRows),
        ("random", SeededBytes.random(count: 150_000, seed: 42)),
        ("random then zeros", SeededBytes.random(count: 70_000, seed: 1) + [UInt8](repeating: 0, count: 70_000)),
        ("random with a distant repeat", distantRepeat),
    ]

    static let allByteValues: [UInt8] = (0...255).map { UInt8($0) }

    static let repeatedPattern: [UInt8] = Array(repeating: Array("abcabd".utf8), count: 20_000).flatMap { $0 }

    /// Bands of three values that shift every 20 rows, like an indexed image.
    static let pictureRows: [UInt8] = (0..<200).flatMap { (row: Int) -> [UInt8] in
        (0..<601).map { (column: Int) -> UInt8 in UInt8((column / 50 + row / 20) % 3) }
    }

    /// A random block seen again 32,000 bytes later: inside the 32 KiB window.
    static let distantRepeat: [UInt8] = {
        let block = SeededBytes.random(count: 20_000, seed: 3)
        return block + SeededBytes.random(count: 12_000, seed: 4) + block
    }()

    @Test(arguments: inputs.indices)
    func pythonInflatesToTheInput(_ index: Int) async throws {
        let (name, input) = Self.inputs[index]
        let stream = Zlib.compress(input)
        let result = try await PythonProbe.run(PythonProbe.inflate, files: [input, stream])
        #expect(result.text == "ok", "\(name)")
    }

    @Test func repetitiveInputShrinks() {
        #expect(Deflate.compress([UInt8](repeating: 0, count: 300_000)).count < 300_000 / 100)
        #expect(Deflate.compress(Self.repeatedPattern).count < 2_000)
        // Text through fixed codes and short matches: clearly smaller, not as small as gzip -9.
        #expect(Deflate.compress(SeededBytes.text(count: 200_000)).count < 200_000 / 2)
    }

    /// Incompressible input goes into stored blocks: 5 bytes a block of 65535 more, no more.
    @Test(arguments: [1, 1_000, 65_535, 65_536, 150_000])
    func randomInputGrowsByStoredBlockHeadersOnly(_ count: Int) {
        let blocks = (count + Deflate.blockSize - 1) / Deflate.blockSize
        #expect(Deflate.compress(SeededBytes.random(count: count, seed: 9)).count <= count + 5 * blocks)
    }

    @Test func emptyInputIsOneFixedBlockWithOnlyItsEnd() {
        // BFINAL 1, BTYPE 01, end-of-block 0000000: 10 bits.
        #expect(Deflate.compress([]) == [0x03, 0x00])
        #expect(Zlib.compress([]) == [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    }

    @Test func zlibHeaderIsValid() {
        #expect((UInt16(Zlib.header[0]) << 8 | UInt16(Zlib.header[1])) % 31 == 0)
        #expect(Zlib.header[0] & 0x0F == 8)
    }

    @Test(arguments: [
        (0b1, 1, 0b1), (0b10, 2, 0b01), (0b110, 3, 0b011), (0x30, 8, 0x0C), (0b10011, 5, 0b11001),
    ] as [(UInt32, Int, UInt32)])
    func codesAreReversed(_ code: UInt32, _ bits: Int, _ expected: UInt32) {
        #expect(FixedHuffman.reversed(code, bits: bits) == expected)
    }

    @Test(arguments: [(3, 0), (10, 7), (11, 8), (12, 8), (13, 9), (257, 27), (258, 28)] as [(Int, UInt8)])
    func lengthCodes(_ length: Int, _ code: UInt8) {
        #expect(FixedHuffman.lengthCodes[length] == code)
    }

    @Test(arguments: [(1, 0), (4, 3), (5, 4), (6, 4), (7, 5), (256, 15), (257, 16), (24_577, 29), (32_768, 29)] as [(Int, UInt8)])
    func distanceCodes(_ distance: Int, _ code: UInt8) {
        #expect(FixedHuffman.distanceCodes[distance - 1] == code)
    }
}
