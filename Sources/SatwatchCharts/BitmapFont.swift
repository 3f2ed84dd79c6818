/// A tiny built-in font for the PNG chart's tick labels and title: 5 x 7 pixel glyphs for
/// printable ASCII, drawn at a whole-number scale. Other characters are drawn as `?`; the
/// chart's texts are numbers, times and rule names, and an image cannot carry a font file.
enum BitmapFont {
    /// Glyph size in pixels at scale 1.
    static let glyphWidth = 5, glyphHeight = 7
    /// Advance from one character to the next at scale 1 (a blank column between glyphs).
    static let advance = 6

    /// The width of `text` drawn at `scale`, without the blank column after the last glyph.
    static func width(of text: String, scale: Int) -> Int {
        let count = text.count
        return count == 0 ? 0 : (count * advance - 1) * scale
    }

    /// Whether the glyph for `character` has ink at column `x` (0...4), row `y` (0...6).
    static func isInk(_ character: Character, x: Int, y: Int) -> Bool {
        ink(glyph(for: character), x: x, y: y)
    }

    /// Draws `text` with its top-left corner at (`x`, `y`), each font pixel a `scale` square.
    static func draw(_ text: String, on canvas: inout RasterCanvas, x: Int, y: Int, scale: Int, color: RGBColor) {
        var left = x
        for character in text {
            let bits = glyph(for: character)
            for row in 0..<glyphHeight {
                for column in 0..<glyphWidth where ink(bits, x: column, y: row) {
                    canvas.fill(x: left + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
                }
            }
            left += advance * scale
        }
    }

    private static func ink(_ bits: UInt64, x: Int, y: Int) -> Bool {
        bits >> UInt64(34 - (y * glyphWidth + x)) & 1 == 1
    }

    private static func glyph(for character: Character) -> UInt64 {
        guard let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F else { return glyphs[Int(UInt8(ascii: "?") - 0x20)] }
        return glyphs[Int(ascii - 0x20)]
    }
}
