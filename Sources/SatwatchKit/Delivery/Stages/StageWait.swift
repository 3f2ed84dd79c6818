/// A stage's "not yet" that records nothing (a rate limit): the worker waits until `until`, then
/// tries the same entry again.
struct StageWait: Error {
    let until: Timestamp
}
