/// Writes PNG files (ISO/IEC 15948): signature, IHDR, PLTE for indexed images, one IDAT of zlib
/// data, IEND; every chunk with its CRC-32. Images of at most 256 colours (charts) are written
/// indexed, one byte a pixel; others as 8-bit RGB with each row's better of the Sub and Up
/// filters.
package enum PNGEncoder {
    /// The 8 bytes every PNG file starts with.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The PNG of an image of `width` x `height` (both at least 1) pixels given as `rgb`: 3 bytes
    /// (red, green, blue) a pixel, rows top to bottom.
    package static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "PNG size does not match the pixels")
        var png = signature
        if let indexed = indexed(rgb) {
            chunk("IHDR", header(width: width, height: height, colourType: 3), into: &png)
            chunk("PLTE", indexed.palette.flatMap { [$0.red, $0.green, $0.blue] }, into: &png)
            // Filter type 0 (none) on every row, as the standard recommends for indexed images;
            // LZ77 still finds a row repeated from the one above.
            var rows = [UInt8]()
            rows.reserveCapacity((width + 1) * height)
            for row in 0..<height {
                rows.append(0)
                rows.append(contentsOf: indexed.pixels[(row * width)..<((row + 1) * width)])
            }
            chunk("IDAT", Zlib.compress(rows), into: &png)
        } else {
            chunk("IHDR", header(width: width, height: height, colourType: 2), into: &png)
            chunk("IDAT", Zlib.compress(filtered(rgb, rowBytes: width * 3, bytesPerPixel: 3)), into: &png)
        }
        chunk("IEND", [], into: &png)
        return png
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png += bigEndian(CRC32.checksum(data, continuing: CRC32.checksum(typeBytes)))
    }

    /// IHDR's 13 bytes: size, bit depth 8, colour type, deflate, adaptive filtering, no interlace.
    private static func header(width: Int, height: Int, colourType: UInt8) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }
}

extension PNGEncoder {
    /// One entry of an indexed image's palette (PLTE): 8 bits a channel.
    struct PaletteColor: Hashable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
    }

    /// The image as palette indices when it has at most 256 colours (in order of first use), else nil.
    static func indexed(_ rgb: [UInt8]) -> (palette: [PaletteColor], pixels: [UInt8])? {
        var indices: [PaletteColor: UInt8] = [:]
        var palette: [PaletteColor] = []
        var pixels = [UInt8](repeating: 0, count: rgb.count / 3)
        // Charts are long runs of one colour: remembering the last one skips most lookups.
        var last: (color: PaletteColor, index: UInt8)?
        for pixel in pixels.indices {
            let color = PaletteColor(red: rgb[pixel * 3], green: rgb[pixel * 3 + 1], blue: rgb[pixel * 3 + 2])
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
