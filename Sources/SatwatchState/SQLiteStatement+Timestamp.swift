import SatwatchBase
import SQLiteKit

/// Timestamps in the state file: integer milliseconds since the epoch.
extension SQLiteStatement {
    /// Binds a timestamp as integer milliseconds, or NULL.
    package func bind(_ index: Int32, _ value: Timestamp?) throws {
        try bind(index, value?.milliseconds)
    }

    /// A millisecond column as a timestamp.
    package func timestamp(_ index: Int32) -> Timestamp { Timestamp(milliseconds: int64(index)) }

    /// A millisecond column as a timestamp, nil when NULL.
    package func optionalTimestamp(_ index: Int32) -> Timestamp? { optionalInt64(index).map(Timestamp.init(milliseconds:)) }
}
