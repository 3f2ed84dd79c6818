@testable import SQLiteKit
import Testing

@Suite("SQLite layer")
struct SQLiteLayerTests {
    static func connection() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t (s TEXT, r REAL, i INTEGER)")
        return connection
    }

    @Test(arguments: [Optional(""), "a\u{0}b", "héllo ✓ 🚀", String(repeating: "x", count: 10_000), nil])
    func textRoundTrips(_ text: String?) throws {
        let connection = try Self.connection()
        let insert = try connection.cached("INSERT INTO t (s) VALUES (?1)")
        try insert.bind(1, text)
        try insert.execute()
        let row = try connection.prepare("SELECT s, s IS NULL FROM t").single { ($0.optionalString(0), $0.bool(1)) }
        #expect(row?.0 == text)
        #expect(row?.1 == (text == nil))
    }

    // Not -0.0: SQLite stores an integral REAL as an integer on disk, so its sign is lost.
    @Test(arguments: [0.0, 1e-300, 0.1 + 0.2, .infinity, -.greatestFiniteMagnitude, .leastNonzeroMagnitude])
    func realsRoundTripBitForBit(_ value: Double) throws {
        let connection = try Self.connection()
        let insert = try connection.cached("INSERT INTO t (r) VALUES (?1)")
        try insert.bind(1, value)
        try insert.execute()
        let read = try #require(try connection.prepare("SELECT r FROM t").single { $0.optionalDouble(0) } ?? nil)
        #expect(read.bitPattern == value.bitPattern)
    }

    @Test func nanAndNilBecomeNull() throws {
        let connection = try Self.connection()
        let insert = try connection.cached("INSERT INTO t (r, i) VALUES (?1, ?2)")
        try insert.bind(1, Double.nan)
        try insert.bind(2, Optional<Int64>.none)
        try insert.execute()
        let row = try connection.prepare("SELECT r, i FROM t").single { ($0.optionalDouble(0), $0.optionalInt64(1), $0.double(0)) }
        #expect(row?.0 == nil)
        #expect(row?.1 == nil)
        #expect(row?.2.isNaN == true)
    }

    @Test func errorsNameCodeMessageAndSQL() throws {
        let connection = try Self.connection()
        let error = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT nope FROM missing_table") }
        #expect(error?.primaryCode == 1)  // SQLITE_ERROR
        #expect(error?.message == "no such table: missing_table")
        #expect(error?.description == "SQLite error 1 (SQL logic error): no such table: missing_table — while running: SELECT nope FROM missing_table")
    }

    struct Failure: Error {}

    @Test func transactionRollsBackOnThrowAndJoinsWhenNested() throws {
        let connection = try Self.connection()
        #expect(throws: Failure.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t (i) VALUES (1)")
                try connection.transaction { try connection.execute("INSERT INTO t (i) VALUES (2)") }
                throw Failure()
            }
        }
        #expect(connection.isAutocommit)
        #expect(try connection.prepare("SELECT count(*) FROM t").single { $0.int(0) } == 0)

        let sum = try connection.transaction {
            try connection.execute("INSERT INTO t (i) VALUES (3)")
            try connection.transaction { try connection.execute("INSERT INTO t (i) VALUES (4)") }
            return try connection.prepare("SELECT sum(i) FROM t").single { $0.int(0) }
        }
        #expect(sum == 7)
        #expect(try connection.prepare("SELECT count(*) FROM t").single { $0.int(0) } == 2)
    }

    @Test func cachedStatementsAreReusedAndLeftReset() throws {
        let connection = try Self.connection()
        let first = try connection.cached("INSERT INTO t (i) VALUES (?1)")
        for value in 1...3 {
            let statement = try connection.cached("INSERT INTO t (i) VALUES (?1)")
            #expect(statement === first)
            try statement.bind(1, value)
            try statement.execute()
        }
        #expect(try connection.prepare("SELECT group_concat(i) FROM t").single { $0.string(0) } == "1,2,3")
    }
}
