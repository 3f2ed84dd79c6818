import Synchronization
@testable import SatwatchNet

/// A server whose handler tells what it was given, and counts its calls (a refused request must
/// never reach it). `/png` answers with bytes that are not UTF-8; `/form` with the form's
/// fields; anything else with the request's parts, one per line.
struct EchoServer: Sendable {
    /// Shared by the handler on the server's thread and the test.
    final class Calls: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE, 0x80, 0x0D, 0x0A]

    let server: HTTPServer
    let calls = Calls()
    var base: String { "http://127.0.0.1:\(server.port)" }

    init(limits: HTTPServerLimits = .standard) throws {
        server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { [calls] request in
            calls.add()
            return Self.respond(to: request)
        }
    }

    static func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
        switch request.path {
        case "/png": return HTTPServerResponse(status: 200, contentType: "image/png", bodyBytes: png)
        case "/form":
            let fields = request.formFields.map { "\($0.name)=\($0.value)" } + request.queryFields.map { "?\($0.name)=\($0.value)" }
            return HTTPServerResponse(status: 303, headers: ["Location": "/done"], body: fields.joined(separator: "\n"))
        default:
            let lines = ["\(request.method) \(request.path)", "query: \(request.query)",
                         "x-test: \(request.headers.values("x-test").joined(separator: "|"))",
                         "length: \(request.body.count)", "body: \(request.bodyText)"]
            return HTTPServerResponse(status: 200, body: lines.joined(separator: "\n"))
        }
    }
}
