import CCurl

/// Receives curl's header and body callbacks for one transfer on the transfer's thread.
///
/// It is handed to curl as an unretained pointer (`Unmanaged`), because C callbacks cannot
/// capture Swift context; the transfer keeps it alive until `curl_easy_perform` returns.
final class HTTPResponseCollector {
    private let maxBodyBytes: Int
    private(set) var headers = HTTPHeaders()
    private(set) var body: [UInt8] = []
    /// Set when the body outgrew `maxBodyBytes`: the write callback then refuses more data,
    /// which ends the transfer with `CURLE_WRITE_ERROR` instead of downloading without bound.
    private(set) var truncated = false

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    /// Installs the callbacks on `easy`; the collector must outlive the transfer.
    func attach(to easy: CurlEasy) throws(CurlError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.check(satwatch_curl_setopt_header_function(easy.handle) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            Unmanaged<HTTPResponseCollector>.fromOpaque(context).takeUnretainedValue().headerLine(bytes)
            return size * count
        })
        try easy.set(CURLOPT_HEADERDATA, pointer: context)
        try easy.check(satwatch_curl_setopt_write_function(easy.handle) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return Unmanaged<HTTPResponseCollector>.fromOpaque(context).takeUnretainedValue().append(bytes)
        })
        try easy.set(CURLOPT_WRITEDATA, pointer: context)
    }

    /// One header line as curl delivers it (CRLF included). Each status line starts a new
    /// header block (interim 1xx responses, proxy CONNECT): only the last block is kept.
    private func headerLine(_ bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0 && (bytes[end - 1] == 10 || bytes[end - 1] == 13) { end -= 1 }
        // Byte-level: Swift sees "\r\n" as one Character, so hasSuffix("\n") would miss it.
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
        } else if line.first == " " || line.first == "\t", var last = headers.fields.last {
            // Obsolete line folding: a continuation of the previous field's value.
            last.value += " " + line.trimmingASCIIWhitespace()
            var fields = headers.fields
            fields[fields.count - 1] = last
            headers = HTTPHeaders(fields)
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon]).trimmingASCIIWhitespace()
            headers.add(name, String(line[line.index(after: colon)...]).trimmingASCIIWhitespace())
        }
    }

    /// Keeps body bytes up to the limit. Returning less than offered stops the transfer.
    private func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        let room = maxBodyBytes - body.count
        if bytes.count <= room {
            body.append(contentsOf: bytes)
            return bytes.count
        }
        body.append(contentsOf: bytes.prefix(room))
        truncated = true
        return 0
    }
}
