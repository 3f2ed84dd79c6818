extension HTTPConnection {
    /// The response to a complete request head, and whether it is for HEAD (no body sent).
    static func response(to head: [UInt8], handler: (HTTPServerRequest) -> HTTPServerResponse) -> (HTTPServerResponse, Bool) {
        guard let request = parseRequestLine(head) else {
            return (HTTPServerResponse(status: 400, body: "bad request\n"), false)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return (HTTPServerResponse(status: 405, body: "method not allowed\n"), false)
        }
        return (handler(request), request.method == "HEAD")
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

    /// Whether `bytes` holds `\r\n\r\n` starting at or after `start` (the bytes before it were
    /// searched already).
    static func containsHeaderEnd(_ bytes: [UInt8], from start: Int) -> Bool {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return false }
        for index in start...(bytes.count - 4) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A
            && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A { return true }
        return false
    }
}
