import Glibc

/// Reads one request from an accepted socket and writes the response.
enum HTTPConnection {
    /// Requests larger than this are refused (the endpoint takes no bodies).
    static let maximumHeaderBytes = 8192

    static func serve(_ client: Int32, handler: (HTTPServerRequest) -> HTTPServerResponse) {
        // A slow or silent client may hold the (single) accept thread for at most 2 s.
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 2048)
        while !containsHeaderEnd(buffer) {
            guard buffer.count < maximumHeaderBytes else {
                return send(client, HTTPServerResponse(status: 431, body: "request too large\n"), head: false)
            }
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else {
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    send(client, HTTPServerResponse(status: 408, body: "request timeout\n"), head: false)
                }
                return
            }
            buffer.append(contentsOf: chunk[0..<count])
        }
        guard let request = parseRequestLine(buffer) else {
            return send(client, HTTPServerResponse(status: 400, body: "bad request\n"), head: false)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return send(client, HTTPServerResponse(status: 405, body: "method not allowed\n"), head: false)
        }
        send(client, handler(request), head: request.method == "HEAD")
    }

    static func parseRequestLine(_ bytes: [UInt8]) -> HTTPServerRequest? {
        guard let end = bytes.firstIndex(of: 0x0D) ?? bytes.firstIndex(of: 0x0A) else { return nil }
        let parts = bytes[..<end].split(separator: 0x20, omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].starts(with: Array("HTTP/1.".utf8)) else { return nil }
        let method = String(decoding: parts[0], as: UTF8.self)
        var target = String(decoding: parts[1], as: UTF8.self)
        if let query = target.firstIndex(of: "?") { target = String(target[..<query]) }
        guard target.hasPrefix("/") else { return nil }
        return HTTPServerRequest(method: method, path: target)
    }

    private static func containsHeaderEnd(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A
            && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A { return true }
        return false
    }

    private static func send(_ client: Int32, _ response: HTTPServerResponse, head: Bool) {
        let bytes = response.serialized(includeBody: !head)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(client, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }
}
