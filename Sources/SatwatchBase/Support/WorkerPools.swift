import BlockingPool

/// The worker's blocking work, one fixed pool per kind of resource, so that the thread count is
/// the same with one channel or fifty, and work stuck on one resource never delays another's.
///
/// What must not wait behind what decides the split:
/// - Deliveries (`transfers`) never wait behind feed polls (`polls`), nor behind the state file.
/// - The endpoint's state-file connection (`endpointStore`) never waits behind the worker's own
///   (`stateFile`): a delivery or checkpoint blocked on a locked file holds its own threads only.
///   `/healthz` uses no pool at all (the server thread answers it from snapshots).
/// - Reloads, chart rendering and the endpoint's dear pages (`work`) touch no state file.
///
/// Not pooled, on purpose: a WebSocket connection and the HTTP server each hold a thread for
/// their whole life (a loop on `poll`), so in a bounded pool they would starve every later one
/// (with more feeds than threads, a deadlock); their count is fixed by the config instead (one
/// per feed connection, one per listener). The evaluator's writer is a loop of its own too (a
/// pool of one thread per writer, `StateWriter`).
package enum WorkerPools {
    /// libcurl transfers that deliver notifications (HTTP channels, SMTP) and commands' requests
    /// to a running worker. A transfer is bounded by its channel's timeout: with four threads,
    /// up to four receivers can hang at once before a fifth channel waits for a thread.
    package static let transfers = BlockingPool(name: "satwatch-send", threads: 4, capacity: 256)
    /// libcurl transfers of feeds that poll over HTTPS (REST polls).
    package static let polls = BlockingPool(name: "satwatch-poll", threads: 2, capacity: 64)
    /// The worker's connections to the state file: the dispatcher's store, the checkpointer,
    /// records of reload outcomes, the claim at start. Each is a `BlockingPool.Lane` on it.
    package static let stateFile = BlockingPool(name: "satwatch-state", threads: 2, capacity: 64)
    /// The endpoint's connection to the state file (the page, the API, `/metrics` counts).
    package static let endpointStore = BlockingPool(name: "satwatch-api", threads: 1, capacity: 64)
    /// CPU-bound or file work that must stay off the cooperative pool: loading a reload's config
    /// and rules, rendering charts, the endpoint's pages that grow with the rules.
    package static let work = BlockingPool(name: "satwatch-work", threads: 2, capacity: 64)
}
