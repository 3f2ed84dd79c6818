import SatwatchBase
import SatwatchJSON
import SatwatchState

/// How `silence list` and `status` show silences.
enum SilenceText {
    /// Aligned rows: id, what it matches, until when (or from when), author, comment.
    static func table(_ silences: [Silence], now: Timestamp) -> [String] {
        StatusReport.columns(silences.map { silence in
            let when = silence.isActive(at: now) ? "until \(silence.endsAt.rfc3339)" : "from \(silence.startsAt.rfc3339)"
            return [silence.id, silence.matchers.map(\.text).joined(separator: " "), when, "by \(silence.author)", silence.comment]
        })
    }

    /// One silence as a JSON object.
    static func json(_ silence: Silence, now: Timestamp) -> JSONValue {
        [
            "id": .string(silence.id),
            "matchers": .array(silence.matchers.map { matcher in
                if case .rule(let glob) = matcher { return JSONNode(["rule": .string(glob)]) }
                let (name, operation, value) = matcher.labelOperator ?? ("", "=", "")
                // "op" only where it is not plain equality, so those read as they always did.
                return JSONNode(operation == "=" ? ["label": .string(name), "value": .string(value)]
                                : ["label": .string(name), "value": .string(value), "op": .string(operation)])
            }),
            "starts_at": .string(silence.startsAt.rfc3339), "ends_at": .string(silence.endsAt.rfc3339),
            "active": .bool(silence.isActive(at: now)), "comment": .string(silence.comment), "author": .string(silence.author),
            "created_at": .string(silence.createdAt.rfc3339),
        ]
    }
}

extension SilenceText {
    /// The silence `json` (as the API answers it) shows; nil when it is not one.
    static func silence(_ json: JSONNode) -> Silence? {
        guard let id = json["id"]?.string, let items = json["matchers"]?.array,
              let starts = json["starts_at"]?.string.flatMap(Timestamp.init(rfc3339:)),
              let ends = json["ends_at"]?.string.flatMap(Timestamp.init(rfc3339:)) else { return nil }
        var matchers: [SilenceMatcher] = []
        for item in items {
            if let glob = item["rule"]?.string {
                matchers.append(.rule(glob))
            } else if let name = item["label"]?.string, let value = item["value"]?.string,
                      let matcher = try? SilenceMatcher.label(name, item["op"]?.string ?? "=", value) {
                matchers.append(matcher)
            } else {
                return nil
            }
        }
        return Silence(id: id, matchers: matchers, startsAt: starts, endsAt: ends, comment: json["comment"]?.string ?? "",
                       author: json["author"]?.string ?? "", createdAt: json["created_at"]?.string.flatMap(Timestamp.init(rfc3339:)) ?? starts)
    }
}
