import SatwatchBase

/// The page at `/`: one server-rendered HTML document, no external assets, readable on a phone.
/// Every string that comes from a user, a feed or a receiver passes through `MarkupText.escape`.
package enum DashboardPage {
    /// The whole document.
    package static func render(_ data: DashboardData) -> String {
        let firing = data.rules.count { $0.overview.state.status == .firing }
        let pending = data.rules.count { $0.overview.state.status == .pending }
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(firing > 0 ? "(\(firing)) " : "")satwatch</title>
            <style>\(DashboardStyle.css)</style></head>
            <body><header><h1>satwatch</h1><p class="summary">\(firing) firing · \(pending) pending · \(Plural.count(data.rules.count, "rule"))
            · updated <time datetime="\(data.now.rfc3339)">\(clock(data.now)) UTC</time></p></header>

            """
        if let error = data.storeError { html += "<p class=\"error\">State file unreadable: \(MarkupText.escape(error))</p>\n" }
        html += feeds(data)
        html += rules(data)
        html += notifications(data)
        html += silences(data)
        html += "<script>\(DashboardStyle.refreshScript)</script>\n</body></html>\n"
        return html
    }

    /// `14:02`, UTC.
    static func clock(_ at: Timestamp) -> String {
        let text = at.rfc3339
        guard let t = text.firstIndex(of: "T") else { return text }
        return String(text[text.index(after: t)...].prefix(5))
    }

    /// `2025-12-10 14:02`, UTC.
    static func dateTime(_ at: Timestamp) -> String {
        String(at.rfc3339.prefix(16)).replacing("T", with: " ")
    }

    /// A coloured word: `firing`, `stale`, `sent`, `dead`, ….
    static func badge(_ text: String) -> String {
        "<span class=\"badge \(MarkupText.escape(text))\">\(MarkupText.escape(text))</span>"
    }

    static func feeds(_ data: DashboardData) -> String {
        guard !data.feeds.isEmpty else { return "<section><h2>Feeds</h2><p>No feed enabled.</p></section>\n" }
        let rows = data.feeds.map { feed in
            let last = feed.lastFrameAt.map { "last frame \(ago($0, data.now)) ago" } ?? "no frame yet"
            let error = feed.error.map { " · <span class=\"muted\">\(MarkupText.escape($0))</span>" } ?? ""
            // Not stale yet, but never heard from: "fresh" would say more than is known.
            let state = !feed.fresh ? "stale" : feed.lastFrameAt == nil ? "waiting" : "fresh"
            return "<li>\(badge(state)) <b>\(MarkupText.escape(feed.name))</b> \(last)\(error)</li>"
        }
        return "<section><h2>Feeds</h2><ul class=\"feeds\">\(rows.joined())</ul></section>\n"
    }

    /// `5s`, `3m`, `2h`, `4d`.
    static func ago(_ then: Timestamp, _ now: Timestamp) -> String {
        let seconds = max(0, (now - then).milliseconds / 1000)
        switch seconds {
        case ..<120: return "\(seconds)s"
        case ..<7200: return "\(seconds / 60)m"
        case ..<172_800: return "\(seconds / 3600)h"
        default: return "\(seconds / 86400)d"
        }
    }
}
