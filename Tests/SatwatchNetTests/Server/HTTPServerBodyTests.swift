import Foundation
import SatwatchTestSupport
import Testing
@testable import SatwatchNet

/// Requests with header fields, queries and bodies, and responses with extra fields and binary
/// bodies, against a real HTTP client (the `curl` command line tool) over loopback.
@Suite struct HTTPServerBodyTests {
    static func curl(_ arguments: [String]) async throws -> String {
        try await ChildProcess.run(["curl", "-s", "--max-time", "5"] + arguments).output
    }

    @Test func passesTheBodyHeadersAndQueryOfAPostToTheHandler() async throws {
        let echo = try EchoServer()
        let output = try await Self.curl(["--data-binary", "hello\nwörld", "-H", "X-Test: one", "-H", "x-TEST: two",
                                          echo.base + "/api/v1/silences?a=1&a=2"])
        #expect(output == "POST /api/v1/silences\nquery: a=1&a=2\nx-test: one|two\nlength: 12\nbody: hello\nwörld")
        await echo.server.stop()
    }

    @Test(arguments: ["PUT", "DELETE", "PATCH"])
    func passesOtherMethodsThrough(_ method: String) async throws {
        let echo = try EchoServer()
        let output = try await Self.curl(["-X", method, "--data-binary", "x", echo.base + "/api/v1/silences/7"])
        #expect(output == "\(method) /api/v1/silences/7\nquery: \nx-test: \nlength: 1\nbody: x")
        await echo.server.stop()
    }

    @Test func decodesWhatCurlFormEncodesInBodyAndQuery() async throws {
        let echo = try EchoServer()
        let output = try await Self.curl(["-i", "--data-urlencode", "rule=btc above 100k & more", "--data-urlencode", "note=é+%",
                                          echo.base + "/form?next=%2Fsilences&next=a+b"])
        #expect(output.hasPrefix("HTTP/1.1 303 See Other\r\n"))
        #expect(output.contains("\r\nLocation: /done\r\n"))
        #expect(output.hasSuffix("\r\n\r\nrule=btc above 100k & more\nnote=é+%\n?next=/silences\n?next=a b"))
        await echo.server.stop()
    }

    @Test func sendsABinaryBodyByteForByte() async throws {
        let echo = try EchoServer()
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("chart.png")
        let type = try await Self.curl(["-o", file.path, "-w", "%{content_type}", echo.base + "/png"])
        #expect(type == "image/png")
        #expect(try [UInt8](Data(contentsOf: file)) == EchoServer.png)
        await echo.server.stop()
    }

    @Test func takesABodyOfExactlyTheLimitAndRefusesOneByteMoreWith413() async throws {
        let echo = try EchoServer()
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body")
        for (size, status, text) in [(65536, "200", "length: 65536\n"), (65537, "413", "request body too large: at most 65536 bytes\n")] {
            try Data(repeating: UInt8(ascii: "b"), count: size).write(to: file)
            let output = try await Self.curl(["--data-binary", "@" + file.path, "-w", "\n%{http_code}", echo.base + "/"])
            #expect(output.hasSuffix("\n" + status))
            #expect(output.contains(text))
        }
        #expect(echo.calls.value == 1)
        await echo.server.stop()
    }

    @Test func answersExpect100ContinueSoTheClientSendsAtOnce() async throws {
        let echo = try EchoServer()
        // curl waits a second for `100 Continue` before sending the body regardless.
        let output = try await Self.curl(["-H", "Expect: 100-continue", "--data-binary", String(repeating: "c", count: 5000),
                                          "-w", "\n%{http_code} %{time_total}", echo.base + "/"])
        let status = output.split(separator: "\n").last?.split(separator: " ") ?? []
        #expect(status.first == "200")
        #expect(Double(status.last ?? "") ?? .infinity < 0.8)
        #expect(output.contains("length: 5000\n"))
        await echo.server.stop()
    }

    @Test func refusesAChunkedBodyWith411WithoutCallingTheHandler() async throws {
        let echo = try EchoServer()
        let output = try await Self.curl(["-i", "-H", "Transfer-Encoding: chunked", "--data-binary", "abc", echo.base + "/"])
        #expect(output.hasPrefix("HTTP/1.1 411 Length Required\r\n"))
        #expect(output.hasSuffix("\r\n\r\nlength required: send the body with Content-Length, not chunked\n"))
        #expect(echo.calls.value == 0)
        await echo.server.stop()
    }
}
