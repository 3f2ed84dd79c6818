import SatwatchBase
import SatwatchNet
import SatwatchState

/// `/silence`: where a notification's "silence 1h" link leads. `GET` checks the link and shows
/// what it would silence with one button; that button's `POST` checks it again and adds the
/// silence. Following a link only shows: chat services fetch links to preview them, and a preview
/// must not silence anything.
struct SilenceLinkRoute: EndpointRoute {
    let paths = ["/silence"]
    let methods = ["GET", "POST"]
    var stateFileBudget: TimeSpan? { EndpointStore.budget }

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let query = request.method == "POST" ? request.formFields.first("link") ?? "" : request.query
        let now = pages.calendar()
        let link: SilenceLink
        do {
            let key = try pages.store.use { try $0.secrets.signingKey() }
            link = try SilenceLink.verified(query: query, key: key, now: now)
        } catch let error as SilenceLinkError {
            if case .expired = error { return SilenceFormRoute.page(410, "This link has expired: \(error.description).", at: request.path) }
            return SilenceFormRoute.page(403, "This is not a valid silence link: \(error.description).", at: request.path)
        } catch {
            return SilenceFormRoute.page(503, "The state file is unavailable: \(pages.redactor.redact("\(error)"))", at: request.path)
        }
        guard request.method == "POST" else { return Self.confirmation(link, query: query) }
        // The link's own id: a second use (a double click, a link shared in a channel) finds the
        // silence the first one made instead of adding another.
        let silence = Silence(id: link.silenceID, matchers: [.rule(link.rule)], startsAt: now,
                              endsAt: now + link.duration, comment: "from a notification's link", author: "link", createdAt: now)
        let stored: (silence: Silence, added: Bool)
        do {
            stored = try pages.store.use { store in
                let found = try store.silences.addOnce(silence)
                // Another silence that happens to have the same eight hex digits: not this link's.
                guard !found.added, found.silence.author != silence.author || found.silence.matchers != silence.matchers else { return found }
                var another = silence
                another.id = Silence.newID()
                try store.silences.add(another)
                return (another, true)
            }
        } catch {
            return SilenceFormRoute.page(503, "The state file refused the silence: \(pages.redactor.redact("\(error)"))", at: request.path)
        }
        let made = stored.silence
        if stored.added {
            return SilenceFormRoute.page(200, "Silenced \(link.rule) until \(made.endsAt.rfc3339) (silence \(made.id)).", at: request.path)
        }
        if made.endsAt > now {
            return SilenceFormRoute.page(200, "This link was used already: \(link.rule) is silenced until \(made.endsAt.rfc3339) (silence \(made.id)).",
                                         at: request.path)
        }
        return SilenceFormRoute.page(200, "This link was used already: its silence \(made.id) of \(link.rule) ended at \(made.endsAt.rfc3339).",
                                     at: request.path)
    }

    func unanswered(_ request: HTTPServerRequest, pages: EndpointPages, begun: Bool) -> HTTPServerResponse {
        SilenceFormRoute.page(503, "The state file is unavailable: \(EndpointPages.stateFileBusy(request, within: EndpointStore.budget, begun: begun)).",
                              at: request.path)
    }

    /// The page that asks before silencing.
    static func confirmation(_ link: SilenceLink, query: String) -> HTTPServerResponse {
        HTTPServerResponse(status: 200, contentType: "text/html; charset=utf-8", headers: ["X-Frame-Options": "DENY"], body: """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Silence \(MarkupText.escape(link.rule))</title><style>\(DashboardStyle.css)</style></head><body>
            <h1>Silence \(MarkupText.escape(link.rule)) for \(MarkupText.escape(link.duration.text))?</h1>
            <p>Its notifications stop on every channel until the silence ends; the page lists it and can expire it.</p>
            <form method="post" action="silence"><input type="hidden" name="link" value="\(MarkupText.escape(query))">
            <button>Silence \(MarkupText.escape(link.rule)) for \(MarkupText.escape(link.duration.text))</button></form>
            <p><a href="./">Open the page</a></p></body></html>

            """)
    }
}
