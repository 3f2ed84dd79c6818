import SatwatchBase
import SatwatchState

/// What `silence add` was asked for, checked: at least one matcher, exactly one of `--for` and
/// `--until`, an end in the future.
struct SilenceRequest {
    let silence: Silence

    init(_ parsed: ArgumentList, environment: [String: String], now: Timestamp) throws(UsageError) {
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \"\(extra)\"") }
        try self.init(rules: parsed.repeated["rule"] ?? [], matches: parsed.repeated["match"] ?? [], for: parsed[option: "for"],
                      until: parsed[option: "until"], comment: parsed[option: "comment"] ?? "",
                      author: environment["USER"] ?? "unknown", now: now)
    }

    /// A silence from its parts, as `silence add`, the page and the API take them: rule globs,
    /// `KEY=VALUE` label matches, `for` a duration or `until` a time, a comment and its author.
    /// The messages name the command's options, which the API's fields mirror.
    init(rules: [String], matches: [String], for duration: String?, until: String?, comment: String, author: String,
         now: Timestamp) throws(UsageError) {
        var matchers = rules.map(SilenceMatcher.rule)
        for text in matches {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
                throw UsageError("--match takes KEY=VALUE, e.g. severity=page, found \"\(text)\"")
            }
            let name = String(text[..<equals])
            if let problem = LabelName.problem(name), name != "alertname" { throw UsageError("--match: \(problem)") }
            matchers.append(.label(name: name, value: String(text[text.index(after: equals)...])))
        }
        if rules.contains(where: \.isEmpty) { throw UsageError("--rule takes a rule name or glob, e.g. 'btc-*'") }
        guard !matchers.isEmpty else { throw UsageError("say what to silence: --rule GLOB or --match KEY=VALUE (at least one)") }
        let end: Timestamp
        switch (duration, until) {
        case (let text?, nil):
            guard let span = TimeSpan(parsing: text), span.milliseconds > 0 else {
                throw UsageError("invalid duration \"\(text)\" for --for (use e.g. 30m, 2h, 1d)")
            }
            end = now + span
        case (nil, let text?):
            guard let until = Timestamp(rfc3339: text) else {
                throw UsageError("invalid time \"\(text)\" for --until (use RFC 3339, e.g. 2026-12-24T18:00:00Z)")
            }
            guard until > now else { throw UsageError("--until \(text) is not in the future") }
            end = until
        default:
            throw UsageError("say how long: --for D or --until TIME (exactly one)")
        }
        silence = Silence(id: Silence.newID(), matchers: matchers, startsAt: now, endsAt: end,
                          comment: comment, author: author, createdAt: now)
    }
}
