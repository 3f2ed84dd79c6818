/// An HTTP/1.1 request as the endpoint server read it: the request line, the header fields and
/// the body (sent with `Content-Length`; the server refuses chunked bodies before the handler
/// runs).
package struct HTTPServerRequest: Sendable, Equatable {
    /// The method as sent (a token; methods are case-sensitive): `GET`, `HEAD`, `POST`, `PUT`,
    /// `DELETE`, … The server passes every method through: answering 405 for a method a path
    /// does not serve is the handler's business. For `HEAD` the server sends no body, whatever
    /// the handler returns.
    package var method: String
    /// The path without the query string, as sent (not percent-decoded), e.g. `/metrics`.
    package var path: String
    /// The raw query string after `?`, not decoded; "" when there is none. See `queryFields`.
    package var query: String
    /// The header fields in the order sent, names compared case-insensitively
    /// (`headers.first("authorization")`); values without surrounding spaces and tabs.
    package var headers: HTTPHeaders
    /// The body: exactly `Content-Length` bytes, empty when the request had none.
    package var body: [UInt8]

    /// Creates a request.
    package init(method: String, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

extension HTTPServerRequest {
    /// The query string decoded (`?metric=btc.usd&since=24h`).
    package var queryFields: HTTPFormFields {
        HTTPFormFields(query)
    }

    /// The body decoded as an HTML form's fields (`application/x-www-form-urlencoded`, what a
    /// `<form method="post">` sends). It decodes whatever the body is: check `Content-Type`
    /// first where another type must be refused.
    package var formFields: HTTPFormFields {
        HTTPFormFields(body)
    }

    /// The body decoded as UTF-8, invalid sequences replaced (a JSON body, a message).
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
