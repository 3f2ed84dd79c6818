import Foundation

/// Splits a multipart body (form data or a mail's) back into its parts, strictly: the body must
/// open with the first boundary, separate parts with CRLF boundaries and end with the closing
/// one and a CRLF. A second reader next to Python's, written for the tests.
enum MultipartReader {
    /// One part: its header lines and its bytes.
    struct Part {
        var headers: [String]
        var body: [UInt8]

        /// The value of the first header `name` (case-insensitive).
        func header(_ name: String) -> String? {
            headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Malformed: Error, CustomStringConvertible { var description: String }

    /// The `boundary` parameter of a `multipart/…` content type, quoted or not.
    static func boundary(of contentType: String) throws -> String {
        guard let range = contentType.range(of: "boundary=") else { throw Malformed(description: "no boundary in \(contentType)") }
        let rest = contentType[range.upperBound...]
        if rest.hasPrefix("\"") { return String(rest.dropFirst().prefix { $0 != "\"" }) }
        return String(rest.prefix { $0 != ";" && $0 != " " })
    }

    static func parts(_ body: [UInt8], boundary: String) throws -> [Part] {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        let data = [13, 10] + body
        var starts = occurrences(of: delimiter, in: data)
        guard starts.first == 0 else { throw Malformed(description: "the body does not open with the boundary") }
        var parts: [Part] = []
        while starts.count > 1 {
            let open = starts.removeFirst() + delimiter.count
            guard data[open..<open + 2].elementsEqual([13, 10]) else { throw Malformed(description: "boundary line not ended by CRLF") }
            parts.append(try part(Array(data[(open + 2)..<starts[0]])))
        }
        let close = starts[0] + delimiter.count
        guard data[close...].elementsEqual(Array("--\r\n".utf8)) else { throw Malformed(description: "no closing boundary at the end") }
        return parts
    }

    private static func part(_ bytes: [UInt8]) throws -> Part {
        guard let split = occurrences(of: [13, 10, 13, 10], in: bytes).first else { throw Malformed(description: "a part without a blank line") }
        let head = String(decoding: bytes[..<split], as: UTF8.self)
        return Part(headers: head.isEmpty ? [] : head.components(separatedBy: "\r\n"), body: Array(bytes[(split + 4)...]))
    }

    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard haystack.count >= needle.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { haystack[$0] == needle[0] && haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
