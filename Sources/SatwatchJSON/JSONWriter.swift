/// Serializes values into UTF-8 bytes: compact (no spaces at all) or indented.
struct JSONWriter {
    var output: [UInt8] = []
    let sortedKeys: Bool
    /// Spaces per level, or nil for compact output.
    let indent: Int?

    init(sortedKeys: Bool, indent: Int?) {
        self.sortedKeys = sortedKeys
        self.indent = indent
    }

    mutating func write(_ value: JSONValue, level: Int = 0) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.isFinite ? JSONNumberFormat.format(number) : "null")
        case .string(let text): writeString(text)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level + 1)
                write(element.value, level: level + 1)
            }
            if !elements.isEmpty { newline(level: level) }
            output.append(UInt8(ascii: "]"))
        case .object(var members):
            if sortedKeys {
                // Code point order of the keys; the sort is stable, so duplicates keep their order.
                members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level + 1)
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                write(member.node.value, level: level + 1)
            }
            if !members.isEmpty { newline(level: level) }
            output.append(UInt8(ascii: "}"))
        }
    }

    mutating func newline(level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    /// A quoted string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX`
    /// escapes, everything else (all other Unicode) kept as UTF-8.
    mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x00..<0x20:
                // `\u00XX` with lowercase hex: the high digit is 0 or 1.
                let low = byte & 0x0F
                append("\\u00")
                output.append(UInt8(ascii: "0") + byte >> 4)
                output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
