extension JSONReader {
    /// The work of `JSONParser.parseObject`: the document, with only what the caller reads built.
    mutating func parsePartialObject(keeping keys: Set<String>, maxValues: Int) throws(JSONSyntaxError) -> JSONPartialObject? {
        keptKeys = keys
        skipWhitespace()
        // Anything but an object is only checked: a giant array never becomes nodes.
        let isObject = index < end && base[index] == UInt8(ascii: "{")
        building = isObject
        // The object itself counts as one value.
        valueBudget = min(maxValues, Int.max - 1) + 1
        let node = try parseDocument()
        guard isObject, !overBudget else { return nil }
        return JSONPartialObject(node: node, skippedKeys: skippedKeys)
    }
}
