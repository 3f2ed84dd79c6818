extension String {
    /// The string without leading and trailing spaces and tabs (the only whitespace HTTP and
    /// mail header syntax know), without pulling in Foundation's character sets.
    func trimmingASCIIWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }),
              let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
