import CSQLite
import SatwatchJSON
import SatwatchRules
import SQLiteKit

/// How a notification's `values` sit in `notification.observed_values`: compact JSON pairs,
/// `[["btc.usd",92000.5],["sma(btc.usd, 200d)",88000]]`, NULL when there are none.
///
/// JSON because names are arbitrary text (expressions with commas, quotes, newlines) and the
/// writer's shortest round-trip numbers parse back to the same `Double`. JSON has no NaN or
/// infinities, so those are written as the strings `"nan"`, `"inf"` and `"-inf"`: a value
/// comes back exactly as committed either way.
enum StoredObservedValues {
    /// The column text for `values`; nil (NULL) when empty.
    static func text(_ values: [ObservedValue]) -> String? {
        guard !values.isEmpty else { return nil }
        let pairs = values.map { value -> JSONValue in
            let number: JSONValue = value.value.isFinite ? .number(value.value) : .string(value.value.description)
            return [.string(value.name), number]
        }
        return JSONValue.array(pairs.map { JSONNode($0) }).jsonText()
    }

    /// The values stored as `text` (NULL: none); a text this build did not write is corrupt.
    static func values(_ text: String?) throws -> [ObservedValue] {
        guard let text else { return [] }
        guard let pairs = (try? JSONParser.parse(text, positions: false))?.array else { throw corrupt(text) }
        return try pairs.map { pair in
            guard let fields = pair.array, fields.count == 2, let name = fields[0].string,
                  let value = fields[1].number ?? fields[1].string.flatMap(nonFinite) else { throw corrupt(text) }
            return ObservedValue(name, value)
        }
    }

    /// `nan`, `inf` or `-inf` as `Double.description` writes them.
    private static func nonFinite(_ text: String) -> Double? {
        switch text {
        case "nan": .nan
        case "inf": .infinity
        case "-inf": -.infinity
        default: nil
        }
    }

    private static func corrupt(_ text: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "unexpected observed values \(text) in the state file", sql: nil)
    }
}
