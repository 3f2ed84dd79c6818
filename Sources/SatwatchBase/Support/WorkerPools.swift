import BlockingPool

/// The worker's blocking work, one fixed pool per kind of resource, so that the thread count is
/// the same with one channel or fifty, and work stuck on one resource never delays another's.
///
/// What must not wait behind what decides the split:
/// - Deliveries (`transfers`) never wait behind feed polls (`polls`), nor behind the state file.
/// - The state file's connections have pools of their own, each owned by who uses them: the
///   dispatcher's (`satwatch-state`, two threads: its store and its checkpointer), the
///   endpoint's (`satwatch-api`, one: a locked file held by a delivery never delays `/metrics`
///   beyond its budget), the evaluator's writer (`satwatch-writer`, one, which its loop holds).
///   `/healthz` uses no pool at all (the server thread answers it from snapshots).
/// - Reloads, chart rendering and the endpoint's dear pages (`work`) touch no state file.
///
/// Not pooled, on purpose: a WebSocket connection and the HTTP server each hold a thread for
/// their whole life (a loop on `poll`), so in a bounded pool they would starve every later one
/// (with more feeds than threads, a deadlock); their count is fixed by the config instead (one
/// per feed connection, one per listener).
package enum WorkerPools {
    /// libcurl transfers that deliver notifications (HTTP channels, SMTP) and commands' requests
    /// to a running worker. A transfer is bounded by its channel's timeout: with four threads,
    /// up to four receivers can hang at once before a fifth channel waits for a thread.
    package static let transfers = BlockingPool(name: "satwatch-send", threads: 4, capacity: 256)
    /// libcurl transfers of feeds that poll over HTTPS (REST polls).
    package static let polls = BlockingPool(name: "satwatch-poll", threads: 2, capacity: 64)
    /// The state file's rare one-off work: the claim at start, records of reload outcomes.
    package static let stateFile = BlockingPool(name: "satwatch-file", threads: 1, capacity: 64)
    /// CPU-bound or file work that must stay off the cooperative pool: loading a reload's config
    /// and rules, rendering charts, the endpoint's pages that grow with the rules.
    package static let work = BlockingPool(name: "satwatch-work", threads: 2, capacity: 64)
}
