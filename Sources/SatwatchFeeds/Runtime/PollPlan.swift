import SatwatchBase
import SatwatchNet

/// What one polled feed asks for, supplied by its definition to the one ``PollingFeed``: the
/// pages of each poll (a paged API such as Coin Metrics follows its own next-page links) and the
/// headers sent with every request. The poller owns retries, backoff, health, size limits and
/// handing pages on; a plan owns only the feed's request logic.
protocol PollPlan: Sendable {
    /// The URL to fetch next in the poll under way: with `page` nil, the poll's first request;
    /// otherwise the one after `page` (the text just received at `at`). Nil ends the poll.
    mutating func nextURL(after page: String?, at: Timestamp) -> String?

    /// Header fields sent with every request. They may hold secrets (an API key): the poller
    /// never logs them.
    var headers: HTTPHeaders { get }
}

extension PollPlan {
    var headers: HTTPHeaders { HTTPHeaders() }
}
