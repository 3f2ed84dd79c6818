import SatwatchJSON

/// One HTTP POST a channel builds from a notification. Plain data, built by a pure function per
/// channel, so tests compare URL, headers and body exactly without any network.
struct ChannelRequest: Sendable, Equatable {
    /// One header field, in the order sent.
    struct Header: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// The full URL (may contain a secret: never log it).
    var url: String
    /// Header fields, `Content-Type` included.
    var headers: [Header]
    /// The body bytes.
    package var body: [UInt8]

    /// A JSON POST of `payload` (compact, members in the order built).
    static func json(_ url: String, _ payload: JSONValue, headers: [Header] = []) -> ChannelRequest {
        ChannelRequest(url: url, headers: [Header(name: "Content-Type", value: "application/json")] + headers,
                       body: Array(payload.jsonText().utf8))
    }

    /// A `multipart/form-data` POST of `form` (a file with its message).
    static func multipart(_ url: String, _ form: MultipartForm) -> ChannelRequest {
        ChannelRequest(url: url, headers: [Header(name: "Content-Type", value: form.contentType)],
                       body: form.encoded())
    }

    /// The body as text, for tests and error messages.
    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The value of the first header named `name` (ASCII case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
