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

    /// What the poll is called in logs, as a log field (`source=coindesk`); nil: its URL.
    var subject: (String, String)? { get }

    /// The frame a fetched body becomes, and what is wrong with it, if anything (the poller logs
    /// a problem once while it lasts). JSON APIs send UTF-8: the default takes the body as that.
    func page(_ body: [UInt8]) -> PolledPage
}

extension PollPlan {
    var headers: HTTPHeaders { HTTPHeaders() }

    var subject: (String, String)? { nil }

    func page(_ body: [UInt8]) -> PolledPage { PolledPage(frame: String(decoding: body, as: UTF8.self)) }
}

/// What one fetched body became (see `PollPlan.page`).
struct PolledPage {
    /// Why a body is unreadable, for the log (`reason`) and, when no frame is made of it, the
    /// feed's skipped-frame count (`code`).
    struct Problem: Equatable {
        var code: String
        var reason: String
    }

    /// The frame handed on; nil when the body cannot be one (it is counted as skipped).
    var frame: String?
    /// What is wrong with the body; nil when nothing is.
    var problem: Problem?
}
