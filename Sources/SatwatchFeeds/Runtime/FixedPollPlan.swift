import SatwatchBase
import SatwatchNet

/// A poll that is one GET of the same URL every time (CoinGecko's `/simple/price`).
struct FixedPollPlan: PollPlan {
    /// The URL fetched on each poll.
    let url: String
    let headers: HTTPHeaders

    init(url: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.url = url
        self.headers = headers
    }

    func nextURL(after page: String?, at: Timestamp) -> String? { page == nil ? url : nil }
}
