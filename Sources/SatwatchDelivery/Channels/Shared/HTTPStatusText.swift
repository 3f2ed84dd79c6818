import SatwatchBase

/// Reason phrases for the statuses webhook receivers actually answer with. The HTTP client keeps
/// only the status code (HTTP/2 has no reason phrase at all), so failure reasons use these.
enum HTTPStatusText {
    static func phrase(_ status: Int) -> String? {
        switch status {
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }

    /// `HTTP 400 Bad Request`, or `HTTP 499` for codes without a known phrase.
    static func line(_ status: Int) -> String {
        phrase(status).map { "HTTP \(status) \($0)" } ?? "HTTP \(status)"
    }
}
