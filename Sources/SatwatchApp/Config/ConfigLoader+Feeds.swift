import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchNet

extension ConfigLoader {
    /// Reads `feeds`: each key is a feed kind, each value that feed's settings. Unset variables
    /// of feeds are reported only when `secrets` covers feeds (see ``SecretNeed``).
    static func loadFeeds(_ object: ConfigObject, paths: PathResolver, secrets: SecretNeed) -> [FeedConfig] {
        var object = object
        var feeds: [FeedConfig] = []
        for member in object.members {
            _ = object.member(member.key)
            guard let kind = FeedKind(rawValue: member.key) else {
                object.report(at: member.keyLocation, "unknown feed \"\(member.key)\""
                              + EditDistance.hintOrList(for: member.key, among: FeedKind.allCases.map(\.rawValue)))
                continue
            }
            // Problems go to a log of the feed's own first, as for channels.
            let feedLog = DiagnosticLog(placingIn: object.log)
            if var settings = ConfigObject(member.node, path: object.path, log: feedLog, environment: object.environment) {
                if let feed = loadFeed(kind, &settings, paths: paths) { feeds.append(feed) }
                settings.finish()
            }
            for (index, problem) in feedLog.diagnostics.enumerated() where secrets.coversFeeds || feedLog.unsetVariables[index] == nil {
                object.log.append(problem, unsetVariable: feedLog.unsetVariables[index])
            }
        }
        object.finish()
        return feeds.sorted { $0.kind < $1.kind }
    }

    private static func loadFeed(_ kind: FeedKind, _ settings: inout ConfigObject, paths: PathResolver) -> FeedConfig? {
        var feed = FeedConfig(kind: kind)
        if let url = settings.string("url") {
            let schemes = kind.definition.isPolled ? ["http://", "https://"] : ["ws://", "wss://"]
            if !schemes.contains(where: { url.hasPrefix($0) }) || url.count <= 8 {
                settings.report("url", "expected a \(schemes.joined(separator: " or ")) URL, found \"\(url)\"")
            } else if let problem = webSocketURLProblem(url, kind) {
                settings.report("url", problem)
            } else {
                feed.url = url
            }
        }
        if let caFile = settings.string("ca_file", length: .path) { feed.caFile = settings.checkedFile(caFile, key: "ca_file", paths: paths) }
        feed.proxy = settings.proxy()
        feed.settings = kind.definition.erasedSettings(reading: &settings, feed: feed)
        feed.staleAfter = kind.definition.defaultStaleAfter(of: feed)
        if let staleAfter = settings.span("stale_after") {
            if staleAfter < .seconds(1) { settings.report("stale_after", "\"stale_after\" must be at least 1s") } else { feed.staleAfter = staleAfter }
        }
        if let maxFrame = settings.byteSize("max_frame") {
            if maxFrame < FeedConfig.smallestMaxFrame || maxFrame > FeedConfig.largestMaxFrame {
                settings.report("max_frame", "\"max_frame\" must be between \(FeedConfig.smallestMaxFrame.text) and \(FeedConfig.largestMaxFrame.text)")
            } else {
                feed.maxFrame = maxFrame
            }
        }
        return feed
    }

    /// What the feed's connection would refuse on every attempt (user info, a fragment, a bad
    /// port, no host), so `check` says it once instead of the feed reconnecting forever. The URL
    /// is not repeated: user info would carry a password.
    private static func webSocketURLProblem(_ url: String, _ kind: FeedKind) -> String? {
        guard !kind.definition.isPolled else { return nil }
        do {
            _ = try WebSocketURL(url)
            return nil
        } catch {
            guard case .invalidOptions(let reason) = error else { return "invalid feed URL" }
            let text = reason.hasSuffix(": \(url)") ? String(reason.dropLast(url.count + 2)) : reason
            return "feed " + text
        }
    }
}
