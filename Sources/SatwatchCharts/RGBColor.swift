/// An opaque colour, 8 bits per channel: what the raster canvas stores and the SVG writes as `#rrggbb`.
struct RGBColor: Sendable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, for SVG attributes.
    var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// `self` painted with `alpha` (0...1) over `base`: what a translucent fill leaves on screen.
    func blended(over base: RGBColor, alpha: Double) -> RGBColor {
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return RGBColor(mix(red, base.red), mix(green, base.green), mix(blue, base.blue))
    }
}
