/// The current values an ``Expression`` reads when evaluated. Indexes are positions in the
/// expression's own `metrics` and `windows`; the rule engine maps them to its storage once, when
/// it loads the rule, so evaluation does no name lookup.
protocol ExpressionInputs {
    /// The latest value of `metrics[index]`, or nil when there is none yet.
    func metric(_ index: Int) -> Double?
    /// The value of `windows[index]` (e.g. the 200-day average), or nil when it is unknown.
    func window(_ index: Int) -> Double?
}
