import SatwatchBase
import SQLiteKit
import Synchronization

/// The worker's read-write connection to the state file, shared by those that write it on the
/// alert path (the evaluator's writer and the dispatcher), one at a time.
///
/// One connection, because SQLite drops a connection's whole page cache whenever another one has
/// written the file since it last looked: two connections taking turns (the evaluator's commit,
/// then the dispatcher's pass over what it queued, then the dispatcher's record of the send) each
/// read again every page they touch, seven to nine reads per turn on the alert path (measured).
/// Their writes were serialized by SQLite anyway; here a turn waits on a lock, which wakes it as
/// soon as the file is free, where SQLite's busy handler sleeps a millisecond and more.
///
/// `use` blocks while someone else has the file, so it is called from threads of their own, never
/// from the cooperative pool. The file is opened on first use; while it cannot be opened, each use
/// fails and the next one tries again.
package final class StateFile: Sendable {
    /// The state file's path.
    package let path: String
    private let autoCheckpointPages: Int
    /// The open connection, and the identity of the file it opened (nil: not known).
    private let opened = Mutex<(store: UnsafeTransfer<StateStore>, file: FileIdentity?)?>(nil)

    /// A connection to the file at `path`, not opened yet. `autoCheckpointPages` as in
    /// `StateStore.open` (the daemon passes 0 and checkpoints through a connection of its own).
    package init(path: String, autoCheckpointPages: Int = 1000) {
        self.path = path
        self.autoCheckpointPages = autoCheckpointPages
    }

    /// Runs `body` with the store while no one else uses it, opening the file first if needed.
    /// A transaction `body` begins ends inside it, so no one sees another's half. A connection
    /// that turns out read-only is closed, so the next use opens the file anew, writable once its
    /// mode is mended.
    ///
    /// - Throws: `StateStoreError.movedAway` while the file it opened is not at its path: SQLite
    ///   would write on into a removed or renamed file, and the worker's state would go with it.
    package func use<Result: Sendable>(_ body: (StateStore) throws -> Result) throws -> Result {
        try opened.withLock { opened in
            if let current = opened, let file = current.file, FileIdentity(path: path) != file {
                throw StateStoreError.movedAway(path: path)
            }
            let store = try opened?.store.value ?? StateStore.open(path: path, autoCheckpointPages: autoCheckpointPages)
            if opened == nil { opened = (UnsafeTransfer(store), FileIdentity(path: path)) }
            do {
                return try body(store)
            } catch where SQLiteError.isReadOnly(error) {
                store.close()
                opened = nil
                throw error
            }
        }
    }

    /// Closes the connection once no one uses it (the last connection to close checkpoints the
    /// WAL and removes it); a later use opens it again.
    package func close() {
        opened.withLock { opened in
            opened?.store.value.close()
            opened = nil
        }
    }
}
