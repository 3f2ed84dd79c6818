import SatwatchBase
import SatwatchRules

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
                    <form method="post" action="/silences/expire"><input type="hidden" name="id" value="\(MarkupText.escape(silence.id))">\
                    \(tokenField)<button>Expire</button></form>
                    """
            }
            html += "</div>\n"
        }
        guard data.canWrite else {
            return html + "<p class=\"muted\">Read-only: set <code>http.token</code> to add and expire silences here.</p></section>\n"
        }
        return html + """
            <form method="post" action="/silences" class="add">
            <label>Rule (name or glob) <input name="rule" required placeholder="btc-*"></label>
            <label>For <input name="for" value="1h" required size="5"></label>
            <label>Comment <input name="comment" placeholder="why"></label>
            \(tokenField)<button>Add silence</button></form></section>

            """
    }

    /// The token field each form sends (`http.token`).
    static let tokenField = "<label>Token <input name=\"token\" type=\"password\" autocomplete=\"current-password\" required></label>"
}
