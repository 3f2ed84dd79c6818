import SatwatchBase
import SatwatchRules

extension DashboardPage {
    /// The last notifications, newest first, each with every channel's outcome.
    static func notifications(_ data: DashboardData) -> String {
        guard !data.notifications.isEmpty else {
            return "<section><h2>Notifications</h2><p>None in the last 24 hours.</p></section>\n"
        }
        let rows = data.notifications.map { entry -> String in
            let notification = entry.notification
            let outcomes = entry.deliveries.map { "\(MarkupText.escape($0.channel)) \(badge($0.state))" }.joined(separator: " ")
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
}
