/// A Deribit instrument the feed follows, as Deribit names it: a perpetual (`BTC-PERPETUAL`,
/// `SOL_USDC-PERPETUAL`) for its funding, or an option (`BTC-27DEC26-100000-C`,
/// `XRP_USDC-30MAY25-2d2-P`) for its volatility and greeks. Its metrics use the name lowercased
/// with `-` written `_` (`btc_27dec26_100000_c`), so they work in expressions, where `-` is minus.
package struct DeribitInstrument: Sendable, Hashable {
    /// What kind of instrument it is, which decides what it publishes.
    package enum Kind: Sendable, Hashable {
        case perpetual, option
    }

    /// The name as Deribit writes it and as it is subscribed (`ticker.<name>.100ms`).
    package let name: String
    package let kind: Kind

    /// The name inside metric names: lowercase, `_` for `-` (`btc_perpetual`).
    package var stem: String { Self.stem(of: name) }

    /// What an option publishes, in this order: `option.<stem>.<field>`.
    package static let optionFields = ["mark_iv", "delta", "gamma", "vega", "theta", "mark_price", "underlying"]

    /// The metrics it publishes: `funding.<stem>`, or an option's seven.
    package var metrics: [String] {
        switch kind {
        case .perpetual: ["funding.\(stem)"]
        case .option: Self.optionFields.map { "option.\(stem).\($0)" }
        }
    }

    /// Reads `name` as Deribit writes a perpetual or an option; nil otherwise (see `problem`).
    package init?(_ name: String) {
        guard let kind = Self.kind(of: name) else { return nil }
        self.name = name
        self.kind = kind
    }

    /// `name` lowercased with `-` as `_`.
    package static func stem(of name: String) -> String {
        String(name.lowercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Why `text` is not an instrument satwatch follows, with the spelling it probably meant.
    package static func problem(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, isCurrency(parts[0]), isExpiry(parts[1]) {
            return "\"\(text)\" is a future: satwatch follows perpetuals (their funding) and options (their volatility and greeks)"
        }
        if let guess = guess(text) { return "invalid instrument \"\(text)\" (did you mean \"\(guess)\"?)" }
        return "invalid instrument \"\(text)\" (a perpetual such as \"BTC-PERPETUAL\" or an option such as \"BTC-27DEC26-100000-C\", "
            + "as Deribit writes them)"
    }

    /// The instrument whose metric stem is `stem` (`btc_27dec26_100000_c` →
    /// `BTC-27DEC26-100000-C`), for reading a metric name back; nil when no instrument has it.
    package init?(guessing stem: String) {
        guard let name = Self.spellings(of: stem).first(where: { Self.stem(of: $0) == stem && DeribitInstrument($0) != nil }) else { return nil }
        self.init(name)
    }

    /// The instrument `text` reads as once written in Deribit's capitals with `-` between its
    /// parts (`btc_27dec26_100000_c` → `BTC-27DEC26-100000-C`); nil when none does.
    static func guess(_ text: String) -> String? {
        spellings(of: text).first { $0 != text && DeribitInstrument($0) != nil }
    }

    /// `text` in Deribit's capitals with `-` between its parts, and with the currency's own `_`
    /// (`BTC_USDC-…`); a decimal strike keeps its lowercase `d` (`2d2`).
    private static func spellings(of text: String) -> [String] {
        let words = text.uppercased().split(whereSeparator: { "-_ ./".contains($0) }).map(String.init)
        guard words.count >= 2, words.count <= 6 else { return [] }
        var candidates = [words.joined(separator: "-")]
        if words.count >= 3 { candidates.append(words[0] + "_" + words[1...].joined(separator: "-")) }
        return candidates.map { candidate in
            let characters = Array(candidate)
            return String(characters.indices.map { index in
                guard characters[index] == "D", index > 0, index + 1 < characters.count,
                      characters[index - 1].isNumber, characters[index + 1].isNumber else { return characters[index] }
                return "d"
            })
        }
    }

    private static func kind(of name: String) -> Kind? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard let currency = parts.first, isCurrency(currency) else { return nil }
        if parts.count == 2, parts[1] == "PERPETUAL" { return .perpetual }
        if parts.count == 4, isExpiry(parts[1]), isStrike(parts[2]), parts[3] == "C" || parts[3] == "P" { return .option }
        return nil
    }

    /// `BTC`, `BTC_USDC`: capitals and digits, with at most one `_` inside.
    private static func isCurrency(_ text: Substring) -> Bool {
        let pieces = text.split(separator: "_", omittingEmptySubsequences: false)
        return (1...2).contains(pieces.count) && pieces.allSatisfy { piece in
            (2...10).contains(piece.count) && piece.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// `27DEC26`, `1JAN27`: a day, a month's three letters and a two-digit year.
    private static func isExpiry(_ text: Substring) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count), let day = Int(digits), (1...31).contains(day) else { return false }
        let rest = text.dropFirst(digits.count)
        guard rest.count == 5 else { return false }
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        return months.contains(String(rest.prefix(3))) && rest.suffix(2).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `100000`, `2d2` (2.2): digits, with a `d` for the decimal point.
    private static func isStrike(_ text: Substring) -> Bool {
        let pieces = text.split(separator: "d", omittingEmptySubsequences: false)
        return (1...2).contains(pieces.count) && pieces.allSatisfy { piece in
            (1...12).contains(piece.count) && piece.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
