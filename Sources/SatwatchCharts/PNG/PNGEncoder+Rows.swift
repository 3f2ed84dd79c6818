extension PNGEncoder {
    /// The image as palette indices when it has at most 256 colours (in order of first use), else nil.
    static func indexed(_ rgb: [UInt8]) -> (palette: [RGBColor], pixels: [UInt8])? {
        var indices: [RGBColor: UInt8] = [:]
        var palette: [RGBColor] = []
        var pixels = [UInt8](repeating: 0, count: rgb.count / 3)
        // Charts are long runs of one colour: remembering the last one skips most lookups.
        var last: (color: RGBColor, index: UInt8)?
        for pixel in pixels.indices {
            let color = RGBColor(rgb[pixel * 3], rgb[pixel * 3 + 1], rgb[pixel * 3 + 2])
            if let last, last.color == color {
                pixels[pixel] = last.index
                continue
            }
            let index: UInt8
            if let known = indices[color] {
                index = known
            } else {
                guard palette.count < 256 else { return nil }
                index = UInt8(palette.count)
                indices[color] = index
                palette.append(color)
            }
            pixels[pixel] = index
            last = (color, index)
        }
        return (palette, pixels)
    }

    /// Each row of `data` prefixed with its filter type and filtered: Sub (1, the difference
    /// from the pixel to the left) or Up (2, from the pixel above), whichever has the smaller
    /// sum of absolute differences — the usual guess at which deflates better.
    static func filtered(_ data: [UInt8], rowBytes: Int, bytesPerPixel: Int) -> [UInt8] {
        let height = rowBytes == 0 ? 0 : data.count / rowBytes
        var output = [UInt8]()
        output.reserveCapacity((rowBytes + 1) * height)
        var sub = [UInt8](repeating: 0, count: rowBytes), up = sub
        for row in 0..<height {
            let start = row * rowBytes
            var subCost = 0, upCost = 0
            for column in 0..<rowBytes {
                let byte = data[start + column]
                let left = column >= bytesPerPixel ? data[start + column - bytesPerPixel] : 0
                let above = row > 0 ? data[start + column - rowBytes] : 0
                sub[column] = byte &- left
                up[column] = byte &- above
                subCost += abs(Int(Int8(bitPattern: sub[column])))
                upCost += abs(Int(Int8(bitPattern: up[column])))
            }
            output.append(subCost <= upCost ? 1 : 2)
            output.append(contentsOf: subCost <= upCost ? sub : up)
        }
        return output
    }
}
