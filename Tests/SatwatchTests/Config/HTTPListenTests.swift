import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// `http.listen` and `"http": null`: where the endpoint listens, or that it is off.
@Suite struct HTTPListenTests {
    @Test(arguments: [
        ("127.0.0.1:9464", "127.0.0.1", 9464, "127.0.0.1:9464"),
        (":9464", "0.0.0.0", 9464, "0.0.0.0:9464"),
        ("[::1]:0", "::1", 0, "[::1]:0"),
        ("[::]:9464", "::", 9464, "[::]:9464"),
        ("localhost:80", "localhost", 80, "localhost:80"),
        ("localhost", nil, nil, nil), ("9464", nil, nil, nil), (":", nil, nil, nil),
        (":65536", nil, nil, nil), ("host:-1", nil, nil, nil),
    ] as [(String, String?, Int?, String?)])
    func listenAddressParses(_ text: String, _ host: String?, _ port: Int?, _ printed: String?) {
        let address = ListenAddress(parsing: text)
        #expect(address?.host == host)
        #expect(address.map { Int($0.port) } == port)
        #expect(address?.description == printed)
    }

    @Test(arguments: [
        (#""http": null"#, nil as String?),
        (#""http": {}"#, "127.0.0.1:9464"),
        (#""http": {"listen": ":9464"}"#, "0.0.0.0:9464"),
        (#""state": "s.db""#, "127.0.0.1:9464"),
    ])
    func theEndpointIsOnUnlessHTTPIsNull(_ setting: String, _ listen: String?) throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [], \(setting)}".write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        #expect(config?.httpListen?.description == listen)
        #expect(config != nil)
    }
}
