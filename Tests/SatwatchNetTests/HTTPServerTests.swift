import Foundation
import SatwatchTestSupport
import Testing
@testable import SatwatchNet

/// The endpoint server against a real HTTP client (the `curl` command line tool, a third-party
/// implementation), over loopback.
@Suite struct HTTPServerTests {
    static func curl(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await ChildProcess.run(["curl", "-s", "--max-time", "5"] + arguments)
    }

    @Test func servesGetAndHeadAndPassesOtherMethodsToTheHandler() async throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
            switch (request.method, request.path) {
            case ("GET", "/metrics"), ("HEAD", "/metrics"):
                HTTPServerResponse(status: 200, contentType: "text/plain; version=0.0.4", body: "up 1\n")
            case (_, "/metrics"): HTTPServerResponse(status: 405, headers: ["Allow": "GET, HEAD"], body: "\(request.method)?\n")
            default: HTTPServerResponse(status: 404, body: "not found\n")
            }
        }
        let base = "http://127.0.0.1:\(server.port)"
        let get = try await Self.curl(["-i", base + "/metrics?x=1"])
        #expect(get.output.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(get.output.contains("Content-Type: text/plain; version=0.0.4\r\n"))
        #expect(get.output.hasSuffix("\r\n\r\nup 1\n"))
        let head = try await Self.curl(["-I", base + "/metrics"])
        #expect(head.output.contains("Content-Length: 5\r\n"))
        #expect(!head.output.contains("up 1"))
        #expect(try await Self.curl(["-o", "/dev/null", "-w", "%{http_code}", base + "/nope"]).output == "404")
        let post = try await Self.curl(["-i", "-X", "PROPFIND", base + "/metrics"])
        #expect(post.output.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(post.output.contains("\r\nAllow: GET, HEAD\r\n"))
        #expect(post.output.hasSuffix("\r\n\r\nPROPFIND?\n"))
        await server.stop()
    }

    @Test func reportsABusyPortAndStopsCleanly() async throws {
        let first = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPServerResponse(status: 200, body: "") }
        #expect(throws: HTTPServer.StartError.self) {
            _ = try HTTPServer(host: "127.0.0.1", port: first.port) { _ in HTTPServerResponse(status: 200, body: "") }
        }
        await first.stop()
        await first.stop()
        // The listener is gone: the port binds again. (Connecting instead raced with parallel
        // tests, which could be handed the freed port; and a child another test is spawning
        // holds a copy of every descriptor until its exec, so a bind may need a retry.)
        var again: HTTPServer?
        let deadline = ContinuousClock.now + .seconds(10)
        while again == nil, ContinuousClock.now < deadline {
            again = try? HTTPServer(host: "127.0.0.1", port: first.port) { _ in HTTPServerResponse(status: 200, body: "") }
            if again == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(again != nil, "port \(first.port) still bound after stop()")
        await again?.stop()
    }
}
