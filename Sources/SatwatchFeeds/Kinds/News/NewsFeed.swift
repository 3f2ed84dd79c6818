import SatwatchBase
import XML

/// The news feed: one poller per source, side by side, so a source that fails backs off (and
/// is logged) alone while the others go on.
struct NewsFeed: Service {
    let pollers: [PollingFeed<NewsPollPlan>]

    var name: String { "feed \(FeedKind.news.rawValue)" }

    func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for poller in pollers { group.addTask { try await poller.run() } }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}

/// One news source's poll: a GET of its URL, the body decoded as its byte order mark or XML
/// declaration says (`XMLText`) and framed with the source's name (`NewsDecoder.frame`). A body
/// that is not text in its encoding makes no frame; one that is not a readable feed is still
/// handed on (the decoder counts it) but its problem is logged here, with its line and column.
struct NewsPollPlan: PollPlan {
    let source: NewsSettings.Source

    var subject: (String, String)? { ("source", source.name) }

    func nextURL(after page: String?, at: Timestamp) -> String? { page == nil ? source.url : nil }

    func page(_ body: [UInt8]) -> PolledPage {
        let text: String
        do {
            text = try XMLText.decode(body)
        } catch {
            return PolledPage(frame: nil, problem: .init(code: "invalid_encoding", reason: error.description))
        }
        let problem = NewsDecoder.problem(in: text).map { PolledPage.Problem(code: NewsDecoder.invalidXML.code, reason: $0) }
        return PolledPage(frame: NewsDecoder.frame(source: source.name, body: text), problem: problem)
    }
}
