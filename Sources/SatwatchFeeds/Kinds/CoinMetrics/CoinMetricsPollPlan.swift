import SatwatchBase

/// Coin Metrics' polls: a request bounded by what the decoder already knows, then each
/// `next_page_url` (see `CoinMetricsDecoder+Request`). The plan keeps a decoder of its own only
/// to choose requests; the samples come from the evaluator's decoder like every feed's.
struct CoinMetricsPollPlan: PollPlan {
    /// The feed's `url`.
    let base: String
    private var decoder = CoinMetricsDecoder()

    init(base: String) { self.base = base }

    mutating func nextURL(after page: String?, at: Timestamp) -> String? {
        guard let page else { return decoder.requestURL(base: base, now: at) }
        _ = decoder.decode(page, at: at)
        return CoinMetricsDecoder.nextPageURL(page)
    }
}
