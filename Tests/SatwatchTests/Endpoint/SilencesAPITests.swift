import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchNet
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// `POST /api/v1/silences` against a real state file: the `match` object means each label equals
/// its value, whatever its key or value holds, and a key that is no label name is refused.
@Suite struct SilencesAPITests {
    static let token = "test-token-0123456789"

    /// The status and body of posting `body`, and the matchers of the silences then kept.
    static func post(_ body: String) async throws -> (Int, String, [[SilenceMatcher]]) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.db").path
        var (pages, _) = EndpointPagesTests.pages(startedAgo: .seconds(1))
        pages = EndpointPages(boards: pages.boards, feeds: pages.feeds, store: EndpointStore(path: path), work: pages.work,
                              redactor: [], settings: PageSettings(token: Self.token))
        var headers = HTTPHeaders()
        headers.add("Authorization", "Bearer \(Self.token)")
        headers.add("Content-Type", "application/json")
        let request = HTTPServerRequest(method: "POST", path: "/api/v1/silences", headers: headers, body: Array(body.utf8))
        let response = try await EndpointStoreTests.response(pages.reply(to: request))
        await pages.store.close()
        let store = try StateStore.open(path: path)
        defer { store.close() }
        return (response.status, response.body, try store.silences.list(endingAfter: nil).map(\.matchers))
    }

    @Test(arguments: [
        (#"{"severity": "page"}"#, [SilenceMatcher.label(name: "severity", value: "page")]),
        (#"{"team": "~ops", "note": "=x!"}"#, [.label(name: "team", value: "~ops"), .label(name: "note", value: "=x!")]),
        (#"{"alertname": "fees-high"}"#, [.label(name: "alertname", value: "fees-high")]),
        (#"["severity!=info"]"#, [.labelNot(name: "severity", value: "info")]),
    ])
    func eachLabelOfTheObjectFormEqualsItsValue(_ match: String, _ matchers: [SilenceMatcher]) async throws {
        let (status, body, kept) = try await Self.post(#"{"match": \#(match), "for": "1h"}"#)
        #expect(status == 201, "\(body)")
        #expect(kept == [matchers])
    }

    @Test(arguments: [
        (#"{"severity!": "info"}"#, #"invalid label name \"severity!\""#),
        (#"{"a=b": "c"}"#, #"invalid label name \"a=b\""#),
        (#"{"team!~": ".*x"}"#, #"invalid label name \"team!~\""#),
        (#"{"sev-level": "x"}"#, #"invalid label name \"sev-level\" (letters, digits and \"_\", not starting with a digit; did you mean \"sev_level\"?)"#),
    ])
    func aKeyThatIsNoLabelNameIsRefusedNamingIt(_ match: String, _ message: String) async throws {
        let (status, body, kept) = try await Self.post(#"{"match": \#(match), "for": "1h"}"#)
        #expect(status == 422)
        #expect(body.contains(#"{"error":"\"match\": \#(message)"#), "\(body)")
        #expect(kept.isEmpty)
    }
}
