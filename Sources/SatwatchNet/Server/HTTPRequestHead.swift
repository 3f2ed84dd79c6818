/// A request head as parsed: the request without its body yet, how many body bytes follow, and
/// whether the client waits for `100 Continue` before sending them.
package struct HTTPRequestHead: Equatable {
    package var request: HTTPServerRequest
    package var contentLength: Int
    package var expectsContinue: Bool

    /// Why a request is refused before its handler runs, and the response that says so.
    package struct Refusal: Error, Equatable {
        var status: Int
        var message: String

        var response: HTTPServerResponse { HTTPServerResponse(status: status, body: message + "\n") }
    }

    /// Parses a head: `bytes` runs up to, not including, the blank line that ends it.
    package init(parsing bytes: ArraySlice<UInt8>, limits: HTTPServerLimits) throws(Refusal) {
        // A bare CR could end a line for one parser and not for another (request smuggling
        // through a proxy); a NUL has no business in a head.
        guard !bytes.contains(0), !bytes.enumerated().contains(where: { offset, byte in
            byte == 0x0D && (offset + 1 == bytes.count || bytes[bytes.startIndex + offset + 1] != 0x0A)
        }) else { throw Refusal(status: 400, message: "bad request: stray CR or NUL") }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        guard let first = lines.first, let (method, target, version) = Self.requestLine(first),
              let (path, query) = Self.split(target: target) else {
            throw Refusal(status: 400, message: "bad request")
        }
        let fieldLines = lines.dropFirst()
        guard fieldLines.count <= limits.maximumHeaderFields else {
            throw Refusal(status: 431, message: "request too large: more than \(limits.maximumHeaderFields) header fields")
        }
        var headers = HTTPHeaders()
        for line in fieldLines {
            guard let (name, value) = Self.field(line) else { throw Refusal(status: 400, message: "bad request: malformed header field") }
            headers.add(name, value)
        }
        request = HTTPServerRequest(method: method, path: path, query: query, headers: headers)
        contentLength = try Self.bodyLength(headers, limits: limits)
        // HTTP/1.0 clients do not know interim responses.
        expectsContinue = version != "HTTP/1.0" && headers.first("Expect")?.lowercased() == "100-continue"
    }

    /// `METHOD target HTTP/1.x`, or nil.
    static func requestLine(_ line: ArraySlice<UInt8>) -> (String, String, String)? {
        let parts = line.split(separator: 0x20)
        guard parts.count == 3, parts[2].starts(with: Array("HTTP/1.".utf8)), isToken(parts[0]) else { return nil }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self),
                String(decoding: parts[2], as: UTF8.self))
    }

    /// The origin-form target (`/path?query`) as path and raw query, or nil for another form.
    static func split(target: String) -> (String, String)? {
        guard target.hasPrefix("/") else { return nil }
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// `Name: value`, or nil: RFC 9112 §5 forbids space before the colon and line folding.
    static func field(_ line: ArraySlice<UInt8>) -> (String, String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), isToken(line[..<colon]) else { return nil }
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingASCIIWhitespace()
        return (String(decoding: line[..<colon], as: UTF8.self), value)
    }

    static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { HTTPHeader.isTokenCharacter(Unicode.Scalar($0)) }
    }
}

extension HTTPRequestHead {
    /// How many body bytes follow the head, from `Content-Length` only.
    ///
    /// Chunked bodies are refused with 411 (a client can resend with a length) and other
    /// transfer codings with 501, whatever `Content-Length` says: with both, two parsers could
    /// disagree on where the body ends. Several lengths must agree (RFC 9112 §6.3); a length
    /// that is not plain digits (a sign, a space inside, garbage) is 400, one over the limit 413
    /// before a byte of the body is read.
    static func bodyLength(_ headers: HTTPHeaders, limits: HTTPServerLimits) throws(Refusal) -> Int {
        let codings = headers.values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
        if let last = codings.last {
            guard String(last).trimmingASCIIWhitespace().lowercased() == "chunked" else {
                throw Refusal(status: 501, message: "transfer coding not implemented: send the body with Content-Length")
            }
            throw Refusal(status: 411, message: "length required: send the body with Content-Length, not chunked")
        }
        let lengths = headers.values("Content-Length")
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { String($0).trimmingASCIIWhitespace() }
        guard let first = lengths.first else { return 0 }
        // At most 18 digits: no client means a longer one, and it could overflow Int.
        guard lengths.allSatisfy({ $0 == first }), (1...18).contains(first.utf8.count),
              first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(first) else {
            throw Refusal(status: 400, message: "bad request: Content-Length is not a length")
        }
        guard length <= limits.maximumBodyBytes else {
            throw Refusal(status: 413, message: "request body too large: at most \(limits.maximumBodyBytes) bytes")
        }
        return length
    }
}
