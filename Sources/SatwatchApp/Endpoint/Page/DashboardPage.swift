import SatwatchBase
import SatwatchCharts
import SatwatchRules
import SatwatchState

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
        if let rejection = data.reloadRejection {
            html += "<p class=\"error\">Last reload rejected at \(dateTime(rejection.at)) UTC: \(MarkupText.escape(rejection.problem)). "
                + "The worker runs its previous config and rules until a reload succeeds.</p>\n"
        }
        html += feeds(data)
        html += rules(data)
        html += deliveries(data)
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

    /// Each delivery queue: what it sends to and how it stands; an Alertmanager cluster's peers
    /// one by one, so a peer that is down shows with its error.
    static func deliveries(_ data: DashboardData) -> String {
        guard !data.deliveries.isEmpty else { return "" }
        let rows = data.deliveries.map { queue in
            let counts = queue.counts
            let state = counts.pending == 0 ? (counts.dead > 0 ? "dead" : "sent") : queue.next?.lastError != nil ? "retrying"
                : queue.next?.holdKind != nil ? "held" : "pending"
            var facts = ["\(counts.pending) pending", "\(counts.sent) sent", "\(counts.dead) dead"]
            facts += counts.kept.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            var detail = ""
            if let next = queue.next {
                let when = next.holdKind.map { "held (\($0)) until" } ?? "next try"
                detail += " · \(when) <time datetime=\"\(next.nextAttemptAt.rfc3339)\">\(clock(next.nextAttemptAt)) UTC</time>"
                if let error = next.lastError { detail += " · <span class=\"muted\">\(MarkupText.escape(error))</span>" }
            }
            return "<li>\(badge(state)) <b>\(MarkupText.escape(queue.name))</b> \(MarkupText.escape(queue.summary)) · "
                + MarkupText.escape(facts.joined(separator: " · ")) + detail + "</li>"
        }
        return "<section><h2>Deliveries</h2><ul class=\"feeds\">\(rows.joined())</ul></section>\n"
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

extension DashboardPage {
    /// The last notifications, newest first, each with every channel's outcome.
    static func notifications(_ data: DashboardData) -> String {
        guard !data.notifications.isEmpty else {
            return "<section><h2>Notifications</h2><p>None in the last 24 hours.</p></section>\n"
        }
        let rows = data.notifications.map { entry -> String in
            let notification = entry.notification
            let outcomes = channelOutcomes(entry.deliveries)
            return """
                <tr><td>\(dateTime(notification.at))</td><td>\(MarkupText.escape(notification.rule))</td>\
                <td>\(badge(HistoryReport.status(of: notification)))</td><td>\(MarkupText.escape(notification.message))</td>\
                <td>\(outcomes)</td></tr>
                """
        }
        return """
            <section><h2>Notifications</h2><div class="scroll"><table>
            <thead><tr><th>UTC</th><th>Rule</th><th>Status</th><th>Message</th><th>Channels</th></tr></thead>
            <tbody>\(rows.joined(separator: "\n"))</tbody></table></div></section>

            """
    }

    /// A delivery's outcome badge; one a stage holds says so, why, and until when, as `status`
    /// and `history` do (`held (muted) until 07:00 UTC`), rather than a bare "pending".
    static func outcome(_ delivery: LoggedDelivery) -> String {
        guard delivery.state == OutboxState.pending.rawValue, let kind = delivery.holdKind else { return badge(delivery.state) }
        return "\(badge("held")) (\(MarkupText.escape(kind))) until "
            + "<time datetime=\"\(delivery.nextAttemptAt.rfc3339)\">\(clock(delivery.nextAttemptAt)) UTC</time>"
    }

    /// The channels a row names before it counts the rest: a dozen badges wrap into a block
    /// no one reads.
    static let listedChannels = 3

    /// Each channel and its outcome; with more than one beyond `listedChannels`, the first few
    /// (those still pending or dead first, so a summary never hides a problem) and `+9`, whose
    /// title lists every channel and its outcome.
    static func channelOutcomes(_ deliveries: [LoggedDelivery]) -> String {
        let one = { (delivery: LoggedDelivery) in "<span class=\"ch\">\(MarkupText.escape(delivery.channel)) \(outcome(delivery))</span>" }
        guard deliveries.count > listedChannels + 1 else { return deliveries.map(one).joined(separator: " ") }
        let sent = OutboxState.sent.rawValue
        let listed = deliveries.filter { $0.state != sent } + deliveries.filter { $0.state == sent }
        let everyOne = deliveries.map { delivery in
            guard delivery.state == OutboxState.pending.rawValue, let kind = delivery.holdKind else { return "\(delivery.channel) \(delivery.state)" }
            return "\(delivery.channel) held (\(kind)) until \(clock(delivery.nextAttemptAt)) UTC"
        }
        return listed.prefix(listedChannels).map(one).joined(separator: " ")
            + " <span class=\"more\" title=\"\(MarkupText.escape(everyOne.joined(separator: ", ")))\">+\(deliveries.count - listedChannels)</span>"
    }
}

extension DashboardPage {
    /// Chart size on the page, in CSS pixels (it scales down to the screen's width).
    static let chartSize = (width: 480, height: 160)

    /// The most cards of inactive rules the page draws: with thousands of rules, a chart each
    /// would make a page of megabytes. Firing and pending rules always get theirs.
    static let inactiveCards = 100

    /// A card per rule: state, metric, criterion, last value and a chart of the last 24 hours
    /// with its levels and the periods it fired.
    static func rules(_ data: DashboardData) -> String {
        guard !data.rules.isEmpty else { return "<section><h2>Rules</h2><p>No rule loaded.</p></section>\n" }
        // Firing first, then pending, then the rest, each in load order.
        let order: [AlertStatus: Int] = [.firing: 0, .pending: 1, .inactive: 2]
        let sorted = data.rules.enumerated().sorted {
            (order[$0.element.overview.state.status] ?? 3, $0.offset) < (order[$1.element.overview.state.status] ?? 3, $1.offset)
        }.map(\.element)
        let active = sorted.prefix { $0.overview.state.status != .inactive }
        let shown = sorted.prefix(active.count + inactiveCards)
        let more = sorted.count - shown.count
        let note = more > 0 ? "<p class=\"muted\">\(more) more inactive rules: <a href=\"api/v1/rules\">/api/v1/rules</a> lists every rule.</p>" : ""
        return "<section><h2>Rules</h2><div class=\"rules\">\(shown.map { card($0, now: data.now) }.joined())</div>\(note)</section>\n"
    }

    static func card(_ rule: DashboardData.Rule, now: Timestamp) -> String {
        let overview = rule.overview
        let line = rule.line
        var facts = ["<code>\(MarkupText.escape(overview.metric))</code> \(MarkupText.escape(overview.criterion))"]
        if let value = line.lastValue { facts.append("last <b>\(MarkupText.escape(DisplayNumber.format(value)))</b>") }
        if let since = line.since { facts.append("since \(dateTime(since)) UTC") }
        if let waiting = line.waiting { facts.append("waiting: \(MarkupText.escape(waiting))") }
        let labels = overview.labels.map { "<span class=\"label\">\(MarkupText.escape($0.name))=\(MarkupText.escape($0.value))</span>" }
        let description = overview.description.map { "<p class=\"muted\">\(MarkupText.escape($0))</p>" } ?? ""
        let from = ChartSpec.start(of: rule.points, spans: rule.firing, to: now, range: EndpointPages.dashboardRange,
                                   minimum: EndpointPages.chartMinimumSpan)
        // Two points per two pixels: the same picture from a third of a day's minutes.
        let points = ChartSpec.thinned(rule.points, from: from, to: now, buckets: chartSize.width / 2)
        let spec = ChartSpec(points: points, from: from, to: now,
                             lines: overview.levels.map { ChartLine(value: $0, label: DisplayNumber.format($0)) },
                             spans: rule.firing, title: "")
        let chart = rule.points.isEmpty ? "<p class=\"muted chart-empty\">no data in the last 24 h</p>"
            : SVGChart.render(spec, width: chartSize.width, height: chartSize.height)
        return """
            <article class="rule \(line.state)" id="rule-\(MarkupText.escape(overview.name))">
            <h3>\(badge(line.state)) \(MarkupText.escape(overview.name))</h3>
            <p>\(facts.joined(separator: " · "))</p>\(labels.isEmpty ? "" : "<p>\(labels.joined(separator: " "))</p>")\(description)
            <div class="chart">\(chart)</div></article>

            """
    }
}

extension DashboardPage {
    /// Active and coming silences, with a form to expire each and one to add a silence when
    /// `http.token` is set (the token goes with the form: nobody else can change silences).
    static func silences(_ data: DashboardData) -> String {
        var html = "<section id=\"silences\"><h2>Silences</h2>\n"
        if data.silences.isEmpty { html += "<p>No silence active.</p>\n" }
        for silence in data.silences {
            let when = silence.isActive(at: data.now) ? "until \(dateTime(silence.endsAt)) UTC" : "from \(dateTime(silence.startsAt)) UTC"
            let comment = silence.comment.isEmpty ? "" : " · \(MarkupText.escape(silence.comment))"
            html += "<div class=\"silence\"><p><code>\(MarkupText.escape(silence.id))</code> "
                + "\(MarkupText.escape(silence.matchers.map(\.text).joined(separator: " "))) \(when) · by \(MarkupText.escape(silence.author))\(comment)</p>"
            if data.canWrite {
                html += """
                    <form method="post" action="silences/expire"><input type="hidden" name="id" value="\(MarkupText.escape(silence.id))">\
                    \(tokenField)<button>Expire</button></form>
                    """
            }
            html += "</div>\n"
        }
        guard data.canWrite else {
            return html + "<p class=\"muted\">Read-only: set <code>http.token</code> to add and expire silences here.</p></section>\n"
        }
        return html + """
            <form method="post" action="silences" class="add">
            <label>Rule (name or glob) <input name="rule" required placeholder="btc-*"></label>
            <label>For <input name="for" value="1h" required size="5"></label>
            <label>Comment <input name="comment" placeholder="why"></label>
            \(tokenField)<button>Add silence</button></form></section>

            """
    }

    /// The token field each form sends (`http.token`).
    static let tokenField = "<label>Token <input name=\"token\" type=\"password\" autocomplete=\"current-password\" required></label>"
}
