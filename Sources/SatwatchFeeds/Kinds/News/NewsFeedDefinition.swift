import SatwatchBase
import XML

extension FeedKind {
    /// News headlines: RSS 2.0 and Atom feeds polled over HTTP(S), for the `news` condition.
    package static let news = FeedKind(defining: "news")
}

/// The news feed's own settings.
package struct NewsSettings: FeedSettings, Equatable {
    /// One feed document polled: its name (in `news.<name>` and a rule's `"news": {"source"}`)
    /// and its URL.
    package struct Source: Sendable, Equatable {
        package var name: String
        package var url: String

        package init(name: String, url: String) {
            self.name = name
            self.url = url
        }
    }

    /// `sources`, sorted by name.
    package var sources: [Source]
    /// `every`: how often each source is polled.
    package var every: TimeSpan

    package init(sources: [Source] = [], every: TimeSpan = NewsFeedDefinition.defaultEvery) {
        self.sources = sources
        self.every = every
    }
}

/// The news feed: each source's document fetched every `every`, read by `XMLReader`.
enum NewsFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .news }
    /// Never used: every source names its own URL.
    static var defaultURL: String { "https://" }
    static var isPolled: Bool { true }
    static var defaultSettings: NewsSettings { NewsSettings() }

    /// `every` when the config says nothing.
    static let defaultEvery = TimeSpan.minutes(5)
    /// The shortest `every`: news sites publish a few items an hour, and many refuse clients
    /// that poll faster.
    static let shortestEvery = TimeSpan.minutes(1)

    /// Stale after three missed polls (of every source).
    static func defaultStaleAfter(_ settings: NewsSettings) -> TimeSpan { settings.every * 3 }

    static func canPublish(base: String, quote: String) -> Bool { false }
    static func priceMetrics(_ settings: NewsSettings) -> [String] { [] }

    /// `sources` (name → http(s) URL, at least one) and `every` (at least 1m); a `url` of the
    /// feed's own is refused: each source has its own.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> NewsSettings {
        var settings = NewsSettings()
        if object.has("url") { object.report("url", "the news feed takes no \"url\": each of its \"sources\" names its own") }
        if let every = object.pollInterval(atLeast: shortestEvery) { settings.every = every }
        guard var sources = object.object("sources", required: true) else { return settings }
        if sources.members.isEmpty { sources.report(nil, "\"sources\" must name at least one feed, e.g. {\"coindesk\": \"https://…/rss/\"}") }
        for member in sources.members {
            _ = sources.member(member.key)
            guard Headline.isSourceName(member.key) else {
                let lower = member.key.lowercased()
                sources.report(at: member.keyLocation, Headline.isSourceName(lower) ? "source name \"\(member.key)\" must be lowercase (\"\(lower)\")"
                               : "invalid source name \"\(member.key)\" (lowercase letters, digits and \"_\", as in news.<name>)")
                continue
            }
            guard !settings.sources.contains(where: { $0.name == member.key }), let url = sources.expandedString(member.node) else { continue }
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8 else {
                sources.report(at: member.node.location, "expected an http:// or https:// URL of an RSS or Atom feed, found \"\(url)\"")
                continue
            }
            settings.sources.append(NewsSettings.Source(name: member.key, url: url))
        }
        sources.finish()
        settings.sources.sort { $0.name < $1.name }
        return settings
    }

    static func makeDecoder(_ settings: NewsSettings) -> any FrameDecoder { NewsDecoder() }

    /// One poller per source, side by side: a source that fails backs off alone.
    static func makeService(_ feed: FeedConfig, _ settings: NewsSettings, health: FeedHealthBoard, logger: Logger,
                                    backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        NewsFeed(pollers: settings.sources.map { source in
            PollingFeed(config: feed, every: settings.every, plan: NewsPollPlan(source: source), health: health, logger: logger,
                        backlog: backlog, sink: sink)
        })
    }
}
