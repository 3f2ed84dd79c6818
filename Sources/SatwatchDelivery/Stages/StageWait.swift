import SatwatchBase

/// A stage's "not yet" that records nothing (a group still gathering, a rate limit): the worker
/// waits until `until`, then tries its head again.
struct StageWait: Error {
    let until: Timestamp
}
