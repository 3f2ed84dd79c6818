import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// A server faster than the consumer: the connection stops reading once `maxBufferedBytes` of
/// messages wait untaken, and loses nothing by it.
@Suite("WebSocket flow control")
struct WebSocketFlowControlTests {
    private static let fixture = TestPaths.feedFixtures.appendingPathComponent("mempool-ws-fees.jsonl").path

    @Test("Untaken messages stop the reading at the limit; taking them resumes it, nothing lost")
    func backlogIsBounded() async throws {
        // 215 frames, 816 KB in all, the largest 17 KB, sent as fast as the server can.
        let peer = try await WSPeer.start(["--replay", Self.fixture, "--speed", "100000"])
        var options = peer.options()
        options.maxBufferedBytes = 32 * 1024
        let connection = try await WebSocketConnection.connect(options)
        // Untaken until the limit is crossed and the reading stops (a fixed pause passed on a
        // machine too slow to have read that far).
        let backlog = connection.messages.backlog
        #expect(try await Eventually.wait { backlog.count > 32 * 1024 })
        let (messages, error) = try await WSRead.messages(connection, count: 215)
        #expect(error == nil)
        #expect(messages.count == 215)
        #expect(backlog.count == 0)
        // Never more, over the whole run, than the limit plus the message that crossed it (17 KB
        // at most here).
        #expect(backlog.peak <= 32 * 1024 + 17_420)
        await connection.close()
    }
}
