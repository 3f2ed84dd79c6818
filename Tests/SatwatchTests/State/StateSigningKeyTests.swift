import CSQLite
@testable import SatwatchState
import SQLiteKit
import Testing

/// The key silence links are signed with: made once, kept, agreed on by racing processes.
@Suite("State file signing key")
struct StateSigningKeyTests {
    @Test func theKeyIsMadeOnceAndKept() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let key = try StateStore.open(path: path).secrets.signingKey()
        #expect(key.count == 32)
        #expect(Set(key).count > 8, "32 random bytes, not a constant")
        #expect(try StateStore.open(path: path).secrets.signingKey() == key)
        #expect(try StateStore.open(path: path).connection.prepare("SELECT count(*) FROM secret").single { $0.int(0) } == 1)
        // Another state file has another key.
        #expect(try StateStore.open(path: directory.path("other.db")).secrets.signingKey() != key)
    }

    /// Stores on one fresh file, each on its own thread and connection, ask at once: one key.
    @Test func storesRacingOnAFreshFileAgree() async throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        _ = try StateStore.open(path: path)
        let keys = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try StateStore.open(path: path).secrets.signingKey() } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(keys.count == 8)
        #expect(Set(keys).count == 1)
        #expect(try StateStore.open(path: path).secrets.signingKey() == keys[0])
    }

    @Test(arguments: [0, 16, 33])
    func aStoredKeyOfAnotherLengthIsRefused(_ length: Int) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let insert = try store.connection.prepare("INSERT INTO secret (name, value) VALUES ('link_signing', ?1)")
        try insert.bind(1, bytes: Array(repeating: 7, count: length))
        try insert.execute()
        let error = #expect(throws: SQLiteError.self) { try store.secrets.signingKey() }
        #expect(error?.code == SQLITE_CORRUPT)
    }

    @Test(arguments: [[], [0], [0, 255, 1, 0], Array(0...255)] as [[UInt8]])
    func blobsRoundTrip(_ bytes: [UInt8]) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let statement = try store.connection.prepare("SELECT ?1, typeof(?1)")
        try statement.bind(1, bytes: bytes)
        let row = try #require(try statement.single { ($0.bytes(0), $0.string(1)) })
        #expect(row.0 == bytes)
        #expect(row.1 == "blob")
    }
}
