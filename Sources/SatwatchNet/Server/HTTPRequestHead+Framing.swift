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
