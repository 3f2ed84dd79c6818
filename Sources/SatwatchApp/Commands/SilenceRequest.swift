import SatwatchBase
import SatwatchState

/// What `silence add` was asked for, checked: at least one matcher, at most one of `--for` and
/// `--until` (neither: 1h, as amtool), an end in the future, matchers some notification can meet.
struct SilenceRequest {
    let silence: Silence

    /// How long a silence lasts when neither `for` nor `until` is given (amtool's default).
    static let defaultDuration = TimeSpan.hours(1)
    /// The longest rule glob taken: a rule name's bound.
    static let maxGlobLength = 200
    /// The most matchers a silence takes (each pair is checked for a contradiction).
    static let maxMatchers = 64

    /// Who the messages speak to: `silence add`, whose parts are options (`--for`), or the API
    /// and the page, whose parts are fields (`"for"`) of a request that has no options.
    enum Asker {
        case commandLine
        case api

        /// How this asker writes part `name` of a silence.
        func part(_ name: String) -> String {
            switch self {
            case .commandLine: "--\(name)"
            case .api: "\"\(name)\""
            }
        }
    }

    init(_ parsed: ArgumentList, environment: [String: String], now: Timestamp) throws(UsageError) {
        let (rules, matches) = try Self.matcherArguments(parsed)
        try self.init(rules: rules, matches: matches, for: parsed[option: "for"],
                      until: parsed[option: "until"], comment: parsed[option: "comment"] ?? "",
                      author: environment["USER"] ?? "unknown", now: now, asker: .commandLine)
    }

    /// `silence add`'s `--rule` globs and `--match` texts, with amtool's positional matchers
    /// taken as they mean: `alertname=x` (any `KEY=VALUE`, or `!=`, `=~`, `!~`) is a
    /// `--match`, and `rule=GLOB` a `--rule`. Any other argument is refused, saying how to
    /// name what to silence.
    static func matcherArguments(_ parsed: ArgumentList) throws(UsageError) -> (rules: [String], matches: [String]) {
        var rules = parsed.repeated["rule"] ?? [], matches = parsed.repeated["match"] ?? []
        for argument in parsed.positionals {
            guard let split = argument.firstIndex(where: { $0 == "=" || $0 == "!" }), split != argument.startIndex else {
                throw UsageError("unexpected argument \"\(argument)\" (name what to silence with --rule GLOB or "
                                 + "--match KEY=VALUE, or as amtool does, alertname=NAME)")
            }
            let operation = argument[split...]
            if argument[..<split] == "rule", operation.hasPrefix("="), !operation.hasPrefix("=~") {
                rules.append(String(operation.dropFirst()))
            } else {
                matches.append(argument)
            }
        }
        return (rules, matches)
    }

    /// A silence from its parts, as `silence add`, the page and the API take them: rule globs,
    /// `KEY=VALUE` label matches (or, from the API's object form, `labels` that each equal their
    /// value, whatever the key or value holds), `for` a duration or `until` a time, a comment and
    /// its author. The messages name the parts as `asker` calls them.
    init(rules: [String], matches: [String], labels: [(name: String, value: String)] = [], for duration: String?, until: String?,
         comment: String, author: String, now: Timestamp, asker: Asker) throws(UsageError) {
        var matchers = rules.map(SilenceMatcher.rule)
        for text in matches { matchers.append(try Self.labelMatcher(text, asker: asker)) }
        for label in labels { matchers.append(try Self.labelMatcher(label.name, "=", label.value, asker: asker)) }
        if rules.contains(where: \.isEmpty) { throw UsageError("\(asker.part("rule")) takes a rule name or glob, e.g. 'btc-*'") }
        // Bounds that keep checking a silence quick, whoever sends it: a rule name is at most
        // 200 characters, so a longer glob would match nothing anyway.
        if let long = rules.first(where: { $0.count > Self.maxGlobLength }) {
            throw UsageError("\(asker.part("rule")) \"\(long.prefix(20))…\" is longer than \(Self.maxGlobLength) characters, as no rule name is")
        }
        guard matchers.count <= Self.maxMatchers else {
            throw UsageError("a silence takes at most \(Self.maxMatchers) matchers (\(asker.part("rule")) and \(asker.part("match")) together)")
        }
        guard !matchers.isEmpty else {
            throw UsageError("say what to silence: \(asker.part("rule")) or \(asker.part("match")) (at least one)")
        }
        if let contradiction = SilenceMatcher.contradiction(among: matchers) { throw UsageError(contradiction) }
        let end: Timestamp
        switch (duration, until) {
        case (let text?, nil):
            guard let span = TimeSpan(parsing: text), span.milliseconds > 0 else {
                throw UsageError("invalid duration \"\(text)\" for \(asker.part("for")) (use e.g. 30m, 2h, 1d)")
            }
            end = now + span
        case (nil, let text?):
            guard let until = Timestamp(rfc3339: text) else {
                throw UsageError("invalid time \"\(text)\" for \(asker.part("until")) (use RFC 3339, e.g. 2026-12-24T18:00:00Z)")
            }
            guard until > now else { throw UsageError("\(asker.part("until")) \(text) is not in the future") }
            end = until
        case (nil, nil):
            end = now + Self.defaultDuration
        default:
            throw UsageError("say how long: \(asker.part("for")) D or \(asker.part("until")) TIME, not both")
        }
        silence = Silence(id: Silence.newID(), matchers: matchers, startsAt: now, endsAt: end,
                          comment: comment, author: author, createdAt: now)
    }

    /// `KEY=VALUE`, `KEY!=VALUE`, `KEY=~REGEX` or `KEY!~REGEX` as its matcher.
    private static func labelMatcher(_ text: String, asker: Asker) throws(UsageError) -> SilenceMatcher {
        let shape = asker == .commandLine ? "KEY=VALUE, e.g. severity=page" : #"label values, e.g. {"severity": "page"}"#
        let malformed = UsageError("\(asker.part("match")) takes \(shape) (or !=, =~ a regular expression, !~), found \"\(text)\"")
        guard let split = text.firstIndex(where: { $0 == "=" || $0 == "!" }), split != text.startIndex else { throw malformed }
        let rest = text[split...]
        guard let operation = ["!=", "!~", "=~", "="].first(where: { rest.hasPrefix($0) }) else { throw malformed }
        let name = String(text[..<split]), value = String(rest.dropFirst(operation.count))
        if operation == "=", value.isEmpty { throw malformed }
        return try labelMatcher(name, operation, value, asker: asker)
    }

    /// The matcher label `name` `operation` `value`, once the name is one a label can have.
    private static func labelMatcher(_ name: String, _ operation: String, _ value: String, asker: Asker) throws(UsageError) -> SilenceMatcher {
        // alertname and metric are set by satwatch, so a rule cannot define them; a silence
        // matches them like any other label.
        if !LabelName.reserved.contains(name), let problem = LabelName.problem(name) {
            throw UsageError("\(asker.part("match")): \(problem)")
        }
        if operation == "=", value.isEmpty {
            throw UsageError("\(asker.part("match")): the value of \"\(name)\" is empty (a label without a value: \(name)=~ matches it)")
        }
        do { return try SilenceMatcher.label(name, operation, value) } catch {
            throw UsageError("\(asker.part("match")): invalid regular expression \"\(value)\": \(error.message)")
        }
    }
}
