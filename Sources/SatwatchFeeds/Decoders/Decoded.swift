/// A decoded value, or why there is none. (`Result` would need `SkipReason` to be an `Error`,
/// which it is not: a skip is an expected outcome, not a failure to propagate.)
enum Decoded<Value> {
    case value(Value)
    case skipped(SkipReason)
}
