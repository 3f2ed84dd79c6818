import SatwatchJSON

extension JSONNode {
    /// The node's type with its article, for messages: `a string`, `an object`, `null`.
    package var typeWithArticle: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
