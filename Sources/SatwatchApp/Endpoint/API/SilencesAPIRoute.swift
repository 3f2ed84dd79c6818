import SatwatchBase
import SatwatchJSON
import SatwatchNet
import SatwatchState

/// `/api/v1/silences`: `GET` lists silences not ended yet (`?all=1`: every one kept), `POST`
/// adds one from `{"rule": "btc-*" | [...], "match": {"severity": "page"} | ["severity!=info", …], "for": "2h" | "until":
/// "…", "comment": "…", "author": "…"}` and answers 201 with it; `DELETE
/// /api/v1/silences/<id>` expires one (204). Writes need the bearer token.
struct SilencesAPIRoute: EndpointRoute {
    let paths = ["/api/v1/silences", "/api/v1/silences/"]
    let methods = ["GET", "POST", "DELETE"]
    var stateFileBudget: TimeSpan? { EndpointStore.budget }

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let now = pages.calendar()
        let id = request.path.hasPrefix("/api/v1/silences/") ? String(request.path.dropFirst("/api/v1/silences/".count)) : nil
        switch (request.method, id) {
        case ("GET", nil), ("HEAD", nil):
            let all = request.queryFields.first("all").map { ["1", "true"].contains($0) } ?? false
            return onStore(pages) { store in
                EndpointPages.json(.list(try store.silences.list(endingAfter: all ? nil : now).map { SilenceText.json($0, now: now) }))
            }
        case ("POST", nil):
            if let refusal = pages.refuseWrite(presenting: EndpointPages.bearer(request)) { return refusal }
            return add(request, pages: pages, now: now)
        case ("DELETE", let id?):
            if let refusal = pages.refuseWrite(presenting: EndpointPages.bearer(request)) { return refusal }
            return onStore(pages) { store in
                try store.silences.expire(id: id, at: now) ? HTTPServerResponse(status: 204, body: "")
                    : EndpointPages.problem(404, "no active silence \"\(id)\"")
            }
        default:
            return EndpointPages.problem(405, "use GET or POST on /api/v1/silences, DELETE on /api/v1/silences/<id>")
        }
    }

    private func add(_ request: HTTPServerRequest, pages: EndpointPages, now: Timestamp) -> HTTPServerResponse {
        guard request.headers.first("content-type")?.lowercased().hasPrefix("application/json") == true else {
            return EndpointPages.problem(415, "send the silence as application/json")
        }
        let body: JSONNode
        // The bytes as sent: decoding them to a String first would turn invalid UTF-8 into
        // U+FFFD, which the parser could no longer refuse.
        do { body = try JSONParser.parse(request.body) } catch {
            return EndpointPages.problem(400, "invalid JSON: \(error.description)")
        }
        guard let members = body.members else { return EndpointPages.problem(422, "expected a JSON object") }
        if let unknown = members.first(where: { !Self.keys.contains($0.key) }) {
            return EndpointPages.problem(400, "unknown key \"\(unknown.key)\""
                + EditDistance.hintOrList(for: unknown.key, among: Self.keys, label: "expected"))
        }
        let silence: Silence
        do {
            let (texts, labels) = try Self.matches(body["match"])
            silence = try SilenceRequest(rules: try Self.strings(body["rule"], "rule"), matches: texts, labels: labels,
                                         for: try Self.string(body["for"], "for"), until: try Self.string(body["until"], "until"),
                                         comment: try Self.string(body["comment"], "comment") ?? "",
                                         author: try Self.string(body["author"], "author") ?? "api", now: now, asker: .api).silence
        } catch {
            return EndpointPages.problem(422, error.message)
        }
        return onStore(pages) { store in
            try store.silences.add(silence)
            return EndpointPages.json(SilenceText.json(silence, now: now), status: 201)
        }
    }

    /// What a silence is made of; any other key is a mistake the sender should hear about
    /// (`"comments"` silently dropped, `"untill"` making a silence without an end).
    static let keys = ["rule", "match", "for", "until", "comment", "author"]

    /// `body` run on the state file; 503 when it fails.
    private func onStore(_ pages: EndpointPages, _ body: (StateStore) throws -> HTTPServerResponse) -> HTTPServerResponse {
        do { return try pages.store.use(body) } catch {
            return EndpointPages.problem(503, "state file unavailable: \(pages.redactor.redact("\(error)"))")
        }
    }

    static func string(_ node: JSONNode?, _ name: String) throws(UsageError) -> String? {
        guard let node, !node.isNull else { return nil }
        guard let text = node.string else { throw UsageError("\"\(name)\" must be a string") }
        return text
    }

    static func strings(_ node: JSONNode?, _ name: String) throws(UsageError) -> [String] {
        guard let node, !node.isNull else { return [] }
        if let text = node.string { return [text] }
        guard let list = node.array?.compactMap(\.string), list.count == node.array?.count else {
            throw UsageError("\"\(name)\" must be a string or an array of strings")
        }
        return list
    }

    /// `"match"`: an array of matchers as they are (`["severity!=info", "team=~ops|dev"]`, what
    /// `silence add --match` takes), or an object of label values (`{"severity": "page"}`), each
    /// an equality whatever its key or value holds (`{"severity!": "info"}` must not become
    /// `severity!=info`: `SilenceRequest` refuses a key that is no label name).
    static func matches(_ node: JSONNode?) throws(UsageError) -> (texts: [String], labels: [(name: String, value: String)]) {
        guard let node, !node.isNull else { return ([], []) }
        if node.array != nil {
            guard let list = node.array?.compactMap(\.string), list.count == node.array?.count else {
                throw UsageError("\"match\" must be an object of label values or an array of matchers such as \"severity!=info\"")
            }
            return (list, [])
        }
        guard let members = node.members else {
            throw UsageError("\"match\" must be an object of label values or an array of matchers such as \"severity!=info\"")
        }
        var labels: [(name: String, value: String)] = []
        for member in members {
            guard let value = member.node.string else { throw UsageError("\"match\": the value of \"\(member.key)\" must be a string") }
            labels.append((member.key, value))
        }
        return ([], labels)
    }
}
