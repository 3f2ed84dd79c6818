import SatwatchBase
import SatwatchNet

/// The page's forms: `POST /silences` (rule glob, `for`, comment) adds a silence and `POST
/// /silences/expire` (id) ends one; each sends `http.token` in its `token` field. Both answer
/// with a redirect back to the page's silences, or a short page saying what was wrong.
struct SilenceFormRoute: EndpointRoute {
    let paths = ["/silences", "/silences/expire"]
    let methods = ["POST"]
    var stateFileBudget: TimeSpan? { EndpointStore.budget }

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let form = request.formFields
        if let refusal = pages.refuseWrite(presenting: form.first("token")) {
            return Self.page(refusal.status, "Not allowed: the token is missing or wrong.", at: request.path)
        }
        let now = pages.calendar()
        do {
            if request.path == "/silences/expire" {
                let id = form.first("id") ?? ""
                guard try pages.store.use({ try $0.silences.expire(id: id, at: now) }) else {
                    return Self.page(404, "No active silence \(id).", at: request.path)
                }
            } else {
                let silence = try SilenceRequest(rules: [form.first("rule") ?? ""], matches: [], for: form.first("for") ?? "",
                                                 until: nil, comment: form.first("comment") ?? "", author: "page", now: now, asker: .api).silence
                try pages.store.use { try $0.silences.add(silence) }
            }
        } catch let error as UsageError {
            return Self.page(422, error.message, at: request.path)
        } catch {
            return Self.page(503, "The state file refused the change: \(pages.redactor.redact("\(error)"))", at: request.path)
        }
        // Relative (RFC 7231 allows it), so a proxy's path prefix is kept.
        return HTTPServerResponse(status: 303, headers: ["Location": RelativeLink.root(from: request.path) + "#silences"], body: "")
    }

    func unanswered(_ request: HTTPServerRequest, pages: EndpointPages, begun: Bool) -> HTTPServerResponse {
        Self.page(503, "The state file did not take the change: \(EndpointPages.stateFileBusy(request, within: EndpointStore.budget, begun: begun)).",
                  at: request.path)
    }

    /// A minimal page with `message` and a link back to the page's silences; `path` is the
    /// request's, which the link is relative to.
    static func page(_ status: Int, _ message: String, at path: String) -> HTTPServerResponse {
        HTTPServerResponse(status: status, contentType: "text/html; charset=utf-8", body: """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>satwatch</title></head><body><p>\(MarkupText.escape(message))</p><p><a href="\(RelativeLink.root(from: path))#silences">Back</a></p></body></html>

            """)
    }
}
