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
