/// Formats numbers for JSON output and messages (interim version; the json branch replaces it).
public enum JSONNumberFormat {
    /// Integral values print without a fraction; others as the shortest round-trip decimal.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
