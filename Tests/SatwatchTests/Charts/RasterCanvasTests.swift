@testable import SatwatchCharts
import Testing

@Suite struct RasterCanvasTests {
    static let white = RGBColor(255, 255, 255), black = RGBColor(0, 0, 0), red = RGBColor(255, 0, 0)

    /// The pixels of `color`, as (x, y) pairs in row order.
    static func pixels(of color: RGBColor, in canvas: RasterCanvas) -> [[Int]] {
        (0..<canvas.height).flatMap { y in (0..<canvas.width).filter { canvas[$0, y] == color }.map { [$0, y] } }
    }

    @Test func fillIsClippedToTheCanvas() {
        var canvas = RasterCanvas(width: 4, height: 3, background: Self.white)
        canvas.fill(x: -2, y: 2, width: 4, height: 10, color: Self.black)
        canvas.plot(x: 4, y: 0, color: Self.black)
        canvas.plot(x: -1, y: -1, color: Self.black)
        #expect(Self.pixels(of: Self.black, in: canvas) == [[0, 2], [1, 2]])
        #expect(canvas.pixels.count == 4 * 3 * 3)
    }

    @Test(arguments: [(0.15, RGBColor(250, 222, 222)), (0, RGBColor(255, 255, 255)), (1, RGBColor(220, 38, 38)),
                      (0.5, RGBColor(238, 147, 147))] as [(Double, RGBColor)])
    func blendShowsWhatIsUnder(_ alpha: Double, _ expected: RGBColor) {
        var canvas = RasterCanvas(width: 2, height: 1, background: Self.white)
        canvas.plot(x: 1, y: 0, color: Self.black)
        canvas.blend(x: 0, y: 0, width: 2, height: 1, color: RGBColor(220, 38, 38), alpha: alpha)
        #expect(canvas[0, 0] == expected)
        #expect(canvas[1, 0] == RGBColor(220, 38, 38).blended(over: Self.black, alpha: alpha))
    }

    @Test(arguments: [
        ((0.0, 0.0), (3.0, 0.0), [[0, 0], [1, 0], [2, 0], [3, 0]]),
        ((0.0, 0.0), (2.0, 2.0), [[0, 0], [1, 1], [2, 2]]),
        ((3.0, 1.0), (0.0, 0.0), [[0, 0], [1, 0], [2, 1], [3, 1]]),
        ((1.4, 0.6), (1.4, 0.6), [[1, 1]]),
        ((-5.0, 1.0), (1.0, 1.0), [[0, 1], [1, 1]]),
        ((0.0, 0.0), (Double.nan, 2.0), []),
    ] as [((Double, Double), (Double, Double), [[Int]])])
    func thinLinesFollowBresenham(_ start: (Double, Double), _ end: (Double, Double), _ expected: [[Int]]) {
        var canvas = RasterCanvas(width: 5, height: 3, background: Self.white)
        canvas.line(from: start, to: end, color: Self.black)
        #expect(Self.pixels(of: Self.black, in: canvas) == expected)
    }

    @Test func thickLinesAndDashes() {
        var canvas = RasterCanvas(width: 12, height: 5, background: Self.white)
        canvas.line(from: (0, 2), to: (11, 2), color: Self.black, thickness: 3, dash: (on: 3, off: 4))
        let row = (0..<12).map { canvas[$0, 2] == Self.black ? "#" : "." }.joined()
        // Each drawn step is a 3x3 square, so a dash of 3 steps covers 5 columns (4 at the left
        // edge) and a gap of 4 steps leaves 2 columns.
        #expect(row == "####..#####.")
        #expect(canvas[1, 1] == Self.black && canvas[1, 3] == Self.black && canvas[1, 0] == Self.white && canvas[1, 4] == Self.white)
        var dashed = RasterCanvas(width: 12, height: 1, background: Self.white)
        dashed.line(from: (0, 0), to: (11, 0), color: Self.red, dash: (on: 3, off: 2))
        #expect((0..<12).map { dashed[$0, 0] == Self.red ? "#" : "." }.joined() == "###..###..##")
    }

    @Test func polylineOfOnePointIsADot() {
        var canvas = RasterCanvas(width: 4, height: 4, background: Self.white)
        canvas.polyline([(1, 1)], color: Self.black, thickness: 2)
        #expect(Self.pixels(of: Self.black, in: canvas) == [[1, 1], [2, 1], [1, 2], [2, 2]])
    }

    @Test(arguments: [
        ("1", ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."]),
        ("A", [".###.", "#...#", "#...#", "#...#", "#####", "#...#", "#...#"]),
        ("%", ["##...", "##..#", "...#.", "..#..", ".#...", "#..##", "...##"]),
        (":", [".....", ".##..", ".##..", ".....", ".##..", ".##..", "....."]),
        ("é", [".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."]),
    ] as [(Character, [String])])
    func glyphs(_ character: Character, _ rows: [String]) {
        let drawn = (0..<7).map { y in String((0..<5).map { BitmapFont.isInk(character, x: $0, y: y) ? "#" : "." }) }
        #expect(drawn == rows)
    }

    @Test func everyPrintableCharacterHasItsOwnGlyph() {
        #expect(BitmapFont.glyphs.count == 95)
        #expect(Set(BitmapFont.glyphs).count == 95)
        #expect(BitmapFont.glyphs.allSatisfy { $0 >> 35 == 0 })
    }

    @Test func textIsDrawnAtScale() {
        #expect(BitmapFont.width(of: "", scale: 1) == 0)
        #expect(BitmapFont.width(of: "12:00", scale: 1) == 29)
        #expect(BitmapFont.width(of: "12:00", scale: 2) == 58)
        var canvas = RasterCanvas(width: 14, height: 16, background: Self.white)
        BitmapFont.draw("-", on: &canvas, x: 1, y: 1, scale: 2, color: Self.black)
        // The dash is row 3 of the glyph: at scale 2, rows 7-8, columns 1-10.
        #expect(Self.pixels(of: Self.black, in: canvas) == [7, 8].flatMap { y in (1...10).map { [$0, y] } })
    }
}
