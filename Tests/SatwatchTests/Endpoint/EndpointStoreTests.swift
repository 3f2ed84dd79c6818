import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchNet
@testable import SatwatchState
import SatwatchTestSupport
import Synchronization
import Testing

/// The endpoint's state file work on its own queue, against a real SQLite file that another
/// connection holds locked: a write fails within its request's budget saying why, and work still
/// queued when its deadline passes never runs.
@Suite struct EndpointStoreTests {
    /// The response of `reply` as the server would send it: at once, when completed, or the
    /// fallback at the deadline.
    static func response(_ reply: HTTPServerReply) async throws -> HTTPServerResponse {
        switch reply {
        case .now(let response): return response
        case .later(let deferred):
            while ContinuousClock.now < deferred.deadline {
                if let response = deferred.takeCompleted() { return response }
                try await Task.sleep(for: .milliseconds(5))
            }
            return deferred.expire()
        }
    }

    /// A one-way switch the test flips and queued work waits for (polling: it blocks the queue's
    /// thread, as a write waiting for a lock does).
    final class Gate: Sendable {
        private let open = Mutex(false)
        func release() { open.withLock { $0 = true } }
        func wait(atMost limit: Duration) {
            let deadline = ContinuousClock.now + limit
            while !open.withLock({ $0 }), ContinuousClock.now < deadline { usleep(1000) }
        }
    }

    /// Set by work that ran.
    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    static func silence(_ id: String) -> Silence {
        let now = WallClock.now()
        return Silence(id: id, matchers: [.rule("fees-*")], startsAt: now, endsAt: now + .hours(1), comment: "", author: "test",
                       createdAt: now)
    }

    /// Adds `silence` through `store` as the API does: 201, or 503 with the store's error.
    static func add(_ silence: Silence, through store: EndpointStore, within budget: TimeSpan) -> HTTPServerReply {
        store.answer(within: budget, otherwise: { begun in HTTPServerResponse(status: 503, body: "fallback, begun: \(begun)") }) {
            do {
                try store.use { try $0.silences.add(silence) }
                return HTTPServerResponse(status: 201, body: "added")
            } catch {
                return HTTPServerResponse(status: 503, body: "\(error)")
            }
        }
    }

    @Test func aWriteUnderALockHeldElsewhereFailsWithinItsBudgetSayingWhy() async throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.db").path
        let holder = try StateStore.open(path: path)
        let store = EndpointStore(path: path)
        #expect(try await Self.response(Self.add(Self.silence("0000aaaa"), through: store, within: .seconds(3))).status == 201)

        try holder.connection.execute("BEGIN EXCLUSIVE")
        let locked = try await Self.response(Self.add(Self.silence("0000bbbb"), through: store, within: .seconds(3)))
        // SQLite's own 5 s wait would outlast the 3 s budget and leave only the fallback, which
        // cannot say what happened; the wait ends before the deadline instead, with the reason.
        // The reason is the proof: a clock bound here would sit next to the budget it checks.
        #expect(locked.status == 503)
        #expect(locked.body.contains("database is locked"), "\(locked.body)")
        try holder.connection.execute("COMMIT")

        #expect(try await Self.response(Self.add(Self.silence("0000cccc"), through: store, within: .seconds(3))).status == 201)
        let kept = try holder.silences.list(endingAfter: nil).map(\.id)
        #expect(kept.sorted() == ["0000aaaa", "0000cccc"])
        await store.close()
        holder.close()
    }

    @Test func workStillQueuedAtItsDeadlineNeverRunsAndItsFallbackSaysSo() async throws {
        let store = EndpointStore(path: "/dev/null/never-opened.db")
        let gate = Gate()
        // Holds the queue like a write waiting for a lock.
        let holding = store.answer(within: .seconds(30), otherwise: { _ in HTTPServerResponse(status: 503, body: "") }) {
            gate.wait(atMost: .seconds(30))
            return HTTPServerResponse(status: 200, body: "held")
        }
        let ran = Flag()
        let queued = store.answer(within: TimeSpan(milliseconds: 200), otherwise: { begun in
            HTTPServerResponse(status: 503, body: "fallback, begun: \(begun)")
        }) {
            ran.set()
            return HTTPServerResponse(status: 200, body: "ran")
        }
        let fallback = try await Self.response(queued)
        #expect(fallback.body == "fallback, begun: false")
        gate.release()
        #expect(try await Self.response(holding).body == "held")
        // The queue is serial: once a later request's work has run, the skipped one would have.
        let sentinel = store.answer(within: .seconds(30), otherwise: { _ in HTTPServerResponse(status: 503, body: "") }) {
            HTTPServerResponse(status: 200, body: "sentinel")
        }
        #expect(try await Self.response(sentinel).body == "sentinel")
        #expect(!ran.isSet)
        await store.close()
    }

    @Test(arguments: [
        ("GET", false, "try again"), ("GET", true, "try again"), ("POST", false, "nothing was changed, try again"),
        ("DELETE", true, "the change may still be made: look before trying again"),
    ])
    func aBusyStateFileIsExplained(_ method: String, _ begun: Bool, _ outcome: String) {
        let request = HTTPServerRequest(method: method, path: "/api/v1/silences")
        #expect(EndpointPages.stateFileBusy(request, within: .seconds(3), begun: begun)
            == "state file busy: no answer within 3s (another process may hold it locked); \(outcome)")
    }
}
