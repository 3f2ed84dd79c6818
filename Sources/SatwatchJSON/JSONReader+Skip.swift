extension JSONReader {
    /// Steps over one value, checked exactly as parsing checks it (same grammar, same errors),
    /// while building nothing that outlives it: what a caller does not want costs no memory.
    mutating func skipValue() throws(JSONSyntaxError) {
        let wasBuilding = building
        building = false
        defer { building = wasBuilding }
        _ = try parseValue()
    }
}
