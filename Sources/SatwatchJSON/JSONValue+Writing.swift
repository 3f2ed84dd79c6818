extension JSONValue {
    /// Compact JSON text, no whitespace at all. Objects keep their member order (duplicates
    /// included) unless `sortedKeys`, which orders keys by Unicode code point. Non-finite
    /// numbers are written as `null`.
    package func jsonText(sortedKeys: Bool = false) -> String {
        var writer = JSONWriter(sortedKeys: sortedKeys, indent: nil)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// Indented JSON text (`indent` spaces per level, `"key": value`), for files people read.
    package func prettyJSONText(sortedKeys: Bool = false, indent: Int = 2) -> String {
        var writer = JSONWriter(sortedKeys: sortedKeys, indent: indent)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// `string` as a quoted JSON string literal, e.g. `"a\"b\n"`.
    package static func escape(_ string: String) -> String {
        var writer = JSONWriter(sortedKeys: false, indent: nil)
        writer.writeString(string)
        return String(decoding: writer.output, as: UTF8.self)
    }
}
