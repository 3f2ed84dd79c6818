import CSQLite
import SQLiteKit

/// Named random keys made on first use (`secret`): the key silence links are signed with.
package struct SecretStore {
    let connection: SQLiteConnection

    /// The secret that signs links in notifications (`SilenceLink`).
    static let linkSigningSecret = "link_signing"

    /// The key links are signed with: 32 random bytes made on first use and kept in the state
    /// file, so links stay valid across restarts. Two processes asking at once agree: each
    /// inserts its own candidate only if none exists, then both read the one that won.
    package func signingKey() throws -> [UInt8] {
        try secret(Self.linkSigningSecret, length: 32)
    }

    /// The secret called `name`, made of `length` bytes from the system's secure generator
    /// (getrandom on Linux) the first time it is asked for. A stored secret of another length
    /// is refused as damage rather than used (a short key would sign weakly).
    func secret(_ name: String, length: Int) throws -> [UInt8] {
        let select = try connection.cached("SELECT value FROM secret WHERE name = ?1")
        try select.bind(1, name)
        var stored = try select.single { $0.bytes(0) }
        if stored == nil {
            var generator = SystemRandomNumberGenerator()
            let candidate = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            stored = try connection.transaction {
                let insert = try connection.cached("INSERT OR IGNORE INTO secret (name, value) VALUES (?1, ?2)")
                try insert.bind(1, name)
                try insert.bind(2, bytes: candidate)
                try insert.execute()
                try select.bind(1, name)
                return try select.single { $0.bytes(0) }
            }
        }
        guard let stored, stored.count == length else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "secret \(name) in the state file is not \(length) bytes", sql: nil)
        }
        return stored
    }
}
