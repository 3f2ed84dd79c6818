/// A picture in memory for `PNGChart`: RGB, 3 bytes a pixel, rows top to bottom. Drawing is
/// clipped to the canvas, so callers may draw partly outside it.
///
/// No anti-aliasing: crisp one- and two-pixel lines in a handful of colours read well at chart
/// sizes and let `PNGEncoder` write an indexed PNG a fraction of the size.
struct RasterCanvas: Sendable {
    let width: Int
    let height: Int
    /// `width * height * 3` bytes: red, green, blue of each pixel, row by row.
    private(set) var pixels: [UInt8]

    /// A canvas filled with `background`.
    init(width: Int, height: Int, background: RGBColor) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
        fill(x: 0, y: 0, width: self.width, height: self.height, color: background)
    }

    /// The colour at (`x`, `y`), which must be on the canvas.
    subscript(x: Int, y: Int) -> RGBColor {
        let index = (y * width + x) * 3
        return RGBColor(pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// Paints one pixel; nothing when it is off the canvas.
    mutating func plot(x: Int, y: Int, color: RGBColor) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 3
        pixels[index] = color.red
        pixels[index + 1] = color.green
        pixels[index + 2] = color.blue
    }

    /// Paints the rectangle at (`x`, `y`) of `width` x `height` pixels (clipped).
    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGBColor) {
        forEachPixel(x: x, y: y, width: width, height: height) { _ in color }
    }

    /// Paints `color` at `alpha` (0...1) over the rectangle, so what is under it shows through.
    mutating func blend(x: Int, y: Int, width: Int, height: Int, color: RGBColor, alpha: Double) {
        forEachPixel(x: x, y: y, width: width, height: height) { color.blended(over: $0, alpha: alpha) }
    }

    private mutating func forEachPixel(x: Int, y: Int, width: Int, height: Int, _ paint: (RGBColor) -> RGBColor) {
        let left = max(x, 0), right = min(x + width, self.width)
        let top = max(y, 0), bottom = min(y + height, self.height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right {
                plot(x: column, y: row, color: paint(self[column, row]))
            }
        }
    }
}

extension RasterCanvas {
    /// A straight line between two points (rounded to pixels) by Bresenham's algorithm, each
    /// step stamping a square `thickness` pixels wide. With `dash`, the line is drawn `on`
    /// steps, left out `off` steps, starting with a drawn part at `from`.
    mutating func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), color: RGBColor,
                       thickness: Int = 1, dash: (on: Int, off: Int)? = nil) {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        // Far outside the canvas nothing shows; clamping keeps the loop short and the Ints safe.
        let limit = Double(max(width, height) * 4)
        func pixel(_ value: Double) -> Int { Int(min(max(value, -limit), limit).rounded()) }
        var x = pixel(start.x), y = pixel(start.y)
        let endX = pixel(end.x), endY = pixel(end.y)
        let dx = abs(endX - x), dy = -abs(endY - y)
        let stepX = x < endX ? 1 : -1, stepY = y < endY ? 1 : -1
        var error = dx + dy
        var step = 0
        while true {
            if let dash {
                if step % (dash.on + dash.off) < dash.on { stamp(x: x, y: y, color: color, thickness: thickness) }
            } else {
                stamp(x: x, y: y, color: color, thickness: thickness)
            }
            if x == endX && y == endY { break }
            step += 1
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += stepX }
            if doubled <= dx { error += dx; y += stepY }
        }
    }

    /// A polyline through `points`; a single point is a dot of `thickness`.
    mutating func polyline(_ points: [(x: Double, y: Double)], color: RGBColor, thickness: Int) {
        guard let first = points.first else { return }
        guard points.count > 1 else { return line(from: first, to: first, color: color, thickness: thickness) }
        for (start, end) in zip(points, points.dropFirst()) {
            line(from: start, to: end, color: color, thickness: thickness)
        }
    }

    /// A `thickness` square around (`x`, `y`): for even sizes the extra pixel goes down and right.
    private mutating func stamp(x: Int, y: Int, color: RGBColor, thickness: Int) {
        let before = (max(thickness, 1) - 1) / 2
        fill(x: x - before, y: y - before, width: max(thickness, 1), height: max(thickness, 1), color: color)
    }
}
