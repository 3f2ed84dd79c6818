@testable import PNG
import SatwatchTestSupport
import Testing

@Suite struct PNGEncoderTests {
    /// More than 256 colours: written as RGB with filtered rows, and read back exactly.
    @Test(arguments: [(1, 1), (7, 3), (97, 61), (256, 40)])
    func truecolourImageRoundTrips(_ width: Int, _ height: Int) async throws {
        let noise = SeededBytes.random(count: width * height, seed: 5)
        var rgb: [UInt8] = []
        for pixel in 0..<(width * height) {
            rgb += [UInt8(truncatingIfNeeded: pixel % width * 3), UInt8(truncatingIfNeeded: pixel / width * 5), noise[pixel]]
        }
        let png = PNGEncoder.encode(width: width, height: height, rgb: rgb)
        let decoded = try await PythonProbe.decodedPNG(png)
        let colours = Set((0..<(width * height)).map { rgb[$0 * 3..<$0 * 3 + 3] }).count
        let type = colours > 256 ? 2 : 3
        #expect(decoded.summary == "\(width) \(height) \(type) IHDR\(type == 3 ? ",PLTE" : ""),IDAT,IEND")
        #expect(decoded.rgb == rgb)
    }

    @Test func fewColoursAreIndexed() async throws {
        let colours: [[UInt8]] = [[255, 255, 255], [37, 99, 235], [0, 0, 0], [217, 119, 6]]
        let rgb: [UInt8] = (0..<(300 * 50)).flatMap { (pixel: Int) -> [UInt8] in colours[(pixel / 7 + pixel / 300) % colours.count] }
        let png = PNGEncoder.encode(width: 300, height: 50, rgb: rgb)
        let decoded = try await PythonProbe.decodedPNG(png)
        #expect(decoded.summary == "300 50 3 IHDR,PLTE,IDAT,IEND")
        #expect(decoded.rgb == rgb)
        #expect(PNGEncoder.indexed(rgb)?.palette.count == 4)
    }

    @Test func exactly256ColoursStayIndexedAnd257DoNot() {
        let palette: [UInt8] = (0..<257).flatMap { (index: Int) -> [UInt8] in [UInt8(index % 256), UInt8(index / 256), 0] }
        #expect(PNGEncoder.indexed(Array(palette.prefix(256 * 3)))?.palette.count == 256)
        #expect(PNGEncoder.indexed(palette) == nil)
    }

    @Test func fileStartsWithSignatureAndHeader() {
        let png = PNGEncoder.encode(width: 2, height: 1, rgb: [1, 2, 3, 4, 5, 6])
        #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        // IHDR: length 13, type, width 2, height 1, depth 8, indexed, deflate, adaptive, no interlace.
        #expect(Array(png[8..<33]) == [0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0]
            + PNGEncoder.bigEndian(CRC32.checksum(png[12..<29])))
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test(arguments: [
        // row bytes, bytes a pixel, data, expected (filter byte first on each row)
        ([10, 20, 30, 10, 20, 30], 3, 3, [1, 10, 20, 30, 2, 0, 0, 0]),
        ([1, 2, 3, 4], 4, 1, [1, 1, 1, 1, 1]),
        ([5, 5, 5, 9, 9, 9], 3, 1, [1, 5, 0, 0, 1, 9, 0, 0]),
        ([0, 200, 0, 200, 0, 200, 0, 200], 4, 2, [1, 0, 200, 0, 0, 2, 0, 0, 0, 0]),
    ] as [([UInt8], Int, Int, [UInt8])])
    func rowsAreFilteredWithTheSmallerOfSubAndUp(_ data: [UInt8], _ rowBytes: Int, _ bytesPerPixel: Int, _ expected: [UInt8]) {
        #expect(PNGEncoder.filtered(data, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel) == expected)
    }
}
