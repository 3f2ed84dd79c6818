import SatwatchBase

extension OutboxStore {
    /// The members of batch `batch` still pending, in delivery order.
    package func batchMembers(_ batch: Int64) throws -> [OutboxEntry] {
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.state = 'pending' AND o.batch = ?1 ORDER BY o.id
            """)
        try statement.bind(1, batch)
        return try entries(from: statement)
    }

    /// Forms batches, in one transaction: each list of entry ids becomes one batch, named by
    /// its first id. Entries no longer pending are left alone.
    package func formBatches(_ batches: [[Int64]]) throws {
        try connection.transaction {
            let statement = try connection.cached("UPDATE outbox SET batch = ?2 WHERE id = ?1 AND state = 'pending'")
            for members in batches {
                guard let name = members.first else { continue }
                for id in members {
                    try statement.bind(1, id)
                    try statement.bind(2, name)
                    try statement.execute()
                }
            }
        }
    }
}
