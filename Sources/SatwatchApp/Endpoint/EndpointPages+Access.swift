import SatwatchBase
import SatwatchJSON
import SatwatchNet

extension EndpointPages {
    /// Nil when `presented` (the bearer token of the request, or the token a form sent) may
    /// write; else the refusal: 403 when no `http.token` is set (read-only), 401 when it is
    /// missing or wrong. Compared in constant time.
    func refuseWrite(presenting presented: String?) -> HTTPServerResponse? {
        guard let token = settings.token else {
            return Self.problem(403, "read-only: set \"http.token\" in the config to add and expire silences here")
        }
        guard let presented, HMACSHA256.constantTimeEqual(Array(presented.utf8), Array(token.utf8)) else {
            var response = Self.problem(401, "a write needs \"Authorization: Bearer <http.token>\"")
            response.headers.add("WWW-Authenticate", "Bearer realm=\"satwatch\"")
            return response
        }
        return nil
    }

    /// The token of `Authorization: Bearer <token>`, if any.
    static func bearer(_ request: HTTPServerRequest) -> String? {
        guard let value = request.headers.first("authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst(7).drop { $0 == " " })
    }

    /// `{"error": message}` with `status`.
    static func problem(_ status: Int, _ message: String) -> HTTPServerResponse {
        json(["error": .string(message)], status: status)
    }

    /// A JSON response.
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPServerResponse {
        HTTPServerResponse(status: status, contentType: "application/json", body: value.jsonText() + "\n")
    }
}
