import CCurl

/// Feeds the message to curl's read callback on the transfer's thread.
///
/// curl reads the message in pieces and itself doubles a `.` that starts a line (RFC 5321
/// §4.5.2) and appends the final `CRLF.CRLF`, so the bytes here are the plain message.
final class SMTPMessageReader {
    private let message: [UInt8]
    private var offset = 0

    init(message: [UInt8]) {
        self.message = message
    }

    /// Installs the read callback on `easy`; the reader must outlive the transfer.
    func attach(to easy: CurlEasy) throws(CurlError) {
        try easy.check(satwatch_curl_setopt_read_function(easy.handle) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let reader = Unmanaged<SMTPMessageReader>.fromOpaque(context).takeUnretainedValue()
            return reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
        })
        try easy.set(CURLOPT_READDATA, pointer: Unmanaged.passUnretained(self).toOpaque())
        try easy.check(satwatch_curl_setopt_off(easy.handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(message.count)))
        try easy.set(CURLOPT_UPLOAD, 1)
    }

    /// Copies the next bytes into `buffer`; 0 tells curl the message is complete.
    private func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, message.count - offset)
        message.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}
