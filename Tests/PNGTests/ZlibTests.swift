@testable import PNG
import SatwatchTestSupport
import Testing

/// zlib streams as the PNG encoder writes them (through the system's zlib), read back by Python.
@Suite struct ZlibTests {
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
        ("64 KiB less a byte", [UInt8](repeating: 7, count: 65_535)),
        ("64 KiB", [UInt8](repeating: 7, count: 65_536)),
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
        #expect(Zlib.compress([UInt8](repeating: 0, count: 300_000)).count < 300_000 / 100)
        #expect(Zlib.compress(Self.repeatedPattern).count < 2_000)
        #expect(Zlib.compress(SeededBytes.text(count: 200_000)).count < 200_000 / 2)
    }

    /// Incompressible input grows by no more than zlib's bound (stored blocks' headers): the
    /// output is cut to what zlib wrote, not to the room it was given.
    @Test(arguments: [1, 1_000, 65_535, 65_536, 150_000])
    func randomInputGrowsByStoredBlockHeadersOnly(_ count: Int) {
        let bound = count + count >> 12 + count >> 14 + count >> 25 + 13
        #expect(Zlib.compress(SeededBytes.random(count: count, seed: 9)).count <= bound)
    }

    @Test func emptyInputIsAHeaderAnEmptyBlockAndAdler32() {
        #expect(Zlib.compress([]) == [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    }

    @Test func zlibHeaderIsValid() {
        let stream = Zlib.compress(Self.repeatedPattern)
        #expect((UInt16(stream[0]) << 8 | UInt16(stream[1])) % 31 == 0)
        #expect(stream[0] & 0x0F == 8)
    }
}
