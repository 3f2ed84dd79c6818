import CSQLite
import SatwatchJSON
import SQLiteKit

/// How a silence's matchers sit in `silence.matchers`: JSON, `[["rule","btc-*"],["label","severity","page"]]`,
/// the other label operators as `["label!=",…]`, `["label=~",…]` and `["label!~",…]` (so a file
/// with only exact matchers reads as before).
enum StoredSilenceMatchers {
    static func text(_ matchers: [SilenceMatcher]) -> String {
        let items = matchers.map { matcher -> JSONValue in
            if case .rule(let glob) = matcher { return [.string("rule"), .string(glob)] }
            let (name, operation, value) = matcher.labelOperator ?? ("", "=", "")
            return [.string(operation == "=" ? "label" : "label" + operation), .string(name), .string(value)]
        }
        return JSONValue.array(items.map { JSONNode($0) }).jsonText()
    }

    /// The matchers stored as `text`; a text this build did not write is corrupt.
    static func matchers(_ text: String) throws -> [SilenceMatcher] {
        guard let items = (try? JSONParser.parse(text, positions: false))?.array else { throw corrupt(text) }
        return try items.map { item in
            let fields = item.array?.compactMap(\.string) ?? []
            switch (fields.first, fields.count) {
            case ("rule"?, 2): return .rule(fields[1])
            case ("label"?, 3): return .label(name: fields[1], value: fields[2])
            case (let kind?, 3) where ["label!=", "label=~", "label!~"].contains(kind):
                do { return try SilenceMatcher.label(fields[1], String(kind.dropFirst("label".count)), fields[2]) } catch { throw corrupt(text) }
            default: throw corrupt(text)
            }
        }
    }

    private static func corrupt(_ text: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "unexpected silence matchers \(text) in the state file", sql: nil)
    }
}
