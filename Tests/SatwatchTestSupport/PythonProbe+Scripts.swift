extension PythonProbe {
    /// argv: original bytes, zlib stream. Prints `ok` when zlib inflates the stream (checking its
    /// header and Adler-32) to exactly the original.
    public static let inflate = """
    import sys, zlib
    original = open(sys.argv[1], 'rb').read()
    out = zlib.decompress(open(sys.argv[2], 'rb').read())
    print('ok' if out == original else 'mismatch: %d bytes out, %d expected' % (len(out), len(original)))
    """

    /// argv: bytes. Prints zlib's CRC-32 and Adler-32 of them, in decimal.
    public static let checksums = """
    import sys, zlib
    data = open(sys.argv[1], 'rb').read()
    print(zlib.crc32(data), zlib.adler32(data))
    """

    /// argv: PNG file, output path. Parses the chunks (checking each CRC with zlib.crc32),
    /// inflates the IDAT data, undoes the row filters (all five types), expands a palette, writes
    /// the RGB pixels to the output and prints `width height colourType chunk,chunk,...`.
    public static let decodePNG = """
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
    pos, chunks, idat, palette = 8, [], b'', None
    while pos < len(data):
        length, = struct.unpack('>I', data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, 'bad CRC in ' + kind.decode()
        chunks.append(kind.decode())
        pos += 12 + length
        if kind == b'IHDR':
            w, h, depth, ctype, method, filtering, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'PLTE':
            palette = [body[i:i + 3] for i in range(0, len(body), 3)]
        elif kind == b'IDAT':
            idat += body
    assert chunks[0] == 'IHDR' and chunks[-1] == 'IEND' and depth == 8 and (method, filtering, interlace) == (0, 0, 0)
    raw = zlib.decompress(idat)
    bpp = 3 if ctype == 2 else 1
    stride = w * bpp
    assert len(raw) == h * (stride + 1), 'IDAT holds %d bytes' % len(raw)
    prev, rows = bytearray(stride), []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 0: p = 0
            elif f == 1: p = a
            elif f == 2: p = b
            elif f == 3: p = (a + b) // 2
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            else: raise SystemExit('bad filter %d' % f)
            line[i] = (line[i] + p) & 255
        rows.append(bytes(line))
        prev = line
    pixels = b''.join(rows)
    if ctype == 3:
        pixels = b''.join(palette[i] for i in pixels)
    open(sys.argv[2], 'wb').write(pixels)
    print(w, h, ctype, ','.join(chunks))
    """

    /// argv: SVG file. Parses it with an XML parser and prints JSON: the root's tag, the
    /// `<title>` and `<text>` contents, the aria-label, and how many `<script>` elements there are.
    public static let parseSVG = """
    import sys, json, xml.etree.ElementTree as ET
    root = ET.parse(sys.argv[1]).getroot()
    ns = '{http://www.w3.org/2000/svg}'
    print(json.dumps({
        'root': root.tag, 'label': root.get('aria-label'),
        'titles': [t.text or '' for t in root.iter(ns + 'title')],
        'texts': [t.text or '' for t in root.iter(ns + 'text')],
        'scripts': len([e for e in root.iter() if e.tag.lower().endswith('script')]),
        'elements': len(list(root.iter())),
    }))
    """
}
