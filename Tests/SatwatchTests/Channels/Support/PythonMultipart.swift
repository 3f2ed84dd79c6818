import SatwatchTestSupport
import Foundation

/// A multipart body as Python's `email` package reads it (`PythonProbe.parseMultipart`).
struct PythonMultipart: Decodable {
    /// One part: its form field name, file name, content type as sent, disposition and bytes.
    struct Part: Decodable {
        var name: String?
        var filename: String?
        var contentType: String?
        var disposition: String?
        var payload: [UInt8]

        private enum CodingKeys: String, CodingKey {
            case name, filename, disposition
            case contentType = "content_type", payloadBase64 = "payload_b64"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            filename = try container.decodeIfPresent(String.self, forKey: .filename)
            contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
            disposition = try container.decodeIfPresent(String.self, forKey: .disposition)
            payload = [UInt8](Data(base64Encoded: try container.decode(String.self, forKey: .payloadBase64)) ?? Data())
        }

        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    /// The multipart type, e.g. `multipart/form-data`.
    var type: String
    /// Problems Python found, as `repr`s.
    var defects: [String]
    var parts: [Part]

    /// Python's reading of `body` sent with `contentType`.
    static func parse(contentType: String, body: [UInt8]) async throws -> PythonMultipart {
        let result = try await PythonProbe.run(PythonProbe.parseMultipart, files: [Array(contentType.utf8), body])
        return try JSONDecoder().decode(PythonMultipart.self, from: Data(result.text.utf8))
    }
}
