/// The request line of an HTTP/1.1 request (headers and body are read and ignored: the endpoint
/// only serves GET/HEAD of small documents).
public struct HTTPServerRequest: Sendable, Equatable {
    /// `GET`, `HEAD`, …
    public var method: String
    /// The path without the query string, e.g. `/metrics`.
    public var path: String

    /// Creates a request.
    public init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}
