/// The parser's working state: a cursor over UTF-8 bytes, incremental line/column tracking and
/// scratch stacks that let every array and object be allocated once, at its exact size.
struct JSONReader: ~Copyable {
    let base: UnsafePointer<UInt8>
    let end: Int
    /// Where the text proper starts (after a byte order mark).
    let origin: Int
    let positions: Bool
    var index: Int
    var depth = 0
    /// Line of the cursor, maintained only with `positions`.
    var line = 1
    /// A byte offset whose column is known (`knownColumn`); columns are counted forward from it.
    var knownOffset: Int
    var knownColumn = 1
    // Small first stacks (under 1 KB): glibc serves such sizes from its small bins.
    var nodes = ScratchStack<JSONNode>(capacity: 16)
    package var members = ScratchStack<JSONMember>(capacity: 8)
    /// Bytes of a string that contains escapes.
    var scratch: [UInt8] = []
    /// Off while a value is only checked, not kept (``skipValue()``, or past `valueBudget`).
    var building = true
    /// How many more values may be built; past it the rest is only checked (`overBudget`).
    var valueBudget = Int.max
    var overBudget = false
    /// When set, members of the top-level object with other keys are checked but not built;
    /// their keys go to `skippedKeys`.
    var keptKeys: Set<String>?
    var skippedKeys: [String] = []
    /// When set, an object built with a key twice is an error (see `JSONParser.parseObject`).
    var refusesDuplicateKeys = false
    /// Whether the last string read was ASCII without escapes: its bytes in the source are its
    /// UTF-8, so two such strings are equal only at equal lengths.
    var stringIsPlainASCII = true

    init(base: UnsafePointer<UInt8>, count: Int, positions: Bool) {
        self.base = base
        self.end = count
        self.positions = positions
        let hasBOM = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
        origin = hasBOM ? 3 : 0
        index = origin
        knownOffset = origin
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let node = try parseValue()
        skipWhitespace()
        if index < end { throw error("trailing characters after JSON value", at: index) }
        return node
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                if positions { line += 1; knownOffset = index; knownColumn = 1 }
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard index < end else { throw error("unexpected end of input", at: end) }
        if building {
            valueBudget -= 1
            if valueBudget < 0 { overBudget = true; building = false }
        }
        let location = location(of: index)
        let value: JSONValue
        switch base[index] {
        case UInt8(ascii: "\""):
            index += 1
            let string = try parseString()
            // Unbuilt values stay `.null`: a payload would be one allocation per value.
            value = building ? .string(string) : .null
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "t"): try parseLiteral("true"); value = building ? .bool(true) : .null
        case UInt8(ascii: "f"): try parseLiteral("false"); value = building ? .bool(false) : .null
        case UInt8(ascii: "n"): try parseLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "."):
            let number = try parseNumber()
            value = building ? .number(number) : .null
        default: throw trailingComma(before: index) ?? unexpectedCharacter(at: index)
        }
        return JSONNode(value, at: location)
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        let mark = nodes.count
        while true {
            let node = try parseValue()
            if building { nodes.push(node) }
            skipWhitespace()
            guard index < end else { throw error("unexpected end of input", at: end) }
            let byte = base[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if byte == UInt8(ascii: "]") {
                index += 1
                break
            } else {
                throw error("expected ',' or ']' after array element", at: index)
            }
        }
        depth -= 1
        return .array(building ? nodes.popArray(from: mark) : [])
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let objectStart = index
        try enterContainer()
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([])
        }
        let mark = members.count
        var plainKeys = true
        while true {
            guard index < end else { throw error("unexpected end of input", at: end) }
            guard base[index] == UInt8(ascii: "\"") else { throw trailingComma(before: index) ?? error("expected object key", at: index) }
            let keyLocation = location(of: index)
            index += 1
            let key = try parseString()
            plainKeys = plainKeys && stringIsPlainASCII
            skipWhitespace()
            guard index < end else { throw error("unexpected end of input", at: end) }
            guard base[index] == UInt8(ascii: ":") else { throw error("expected ':' after object key", at: index) }
            index += 1
            skipWhitespace()
            if depth == 1, building, let keptKeys, !keptKeys.contains(key) {
                skippedKeys.append(key)
                try skipValue()
            } else {
                let node = try parseValue()
                if building { members.push(JSONMember(key: key, keyLocation: keyLocation, node: node)) }
            }
            skipWhitespace()
            guard index < end else { throw error("unexpected end of input", at: end) }
            let byte = base[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if byte == UInt8(ascii: "}") {
                index += 1
                break
            } else {
                throw error("expected ',' or '}' after object member", at: index)
            }
        }
        depth -= 1
        guard building else { return .object([]) }
        if refusesDuplicateKeys {
            let built = members.elements(from: mark)
            if let repeated = Self.repeatedKey(in: built.lazy.map(\.key), plainASCII: plainKeys) {
                throw duplicateKey(built[repeated].key, at: built[repeated].keyLocation.offset)
            }
            // At the top, the keys not kept were not built; one can only repeat another of them.
            if depth == 0, let repeated = Self.repeatedKey(in: skippedKeys, plainASCII: plainKeys) {
                throw duplicateKey(skippedKeys[repeated], at: objectStart)
            }
        }
        return .object(members.popArray(from: mark))
    }

    /// Where the first key that repeats an earlier one stands in `keys`, if one does: equal as
    /// Swift compares strings, as a decoder's lookup finds them (`é` written as one scalar or
    /// two is one key). A frame's objects are small (a ticker's: about 15 keys), so up to 16
    /// keys compare pairwise, without allocating; keys that are all `plainASCII` (every feed's)
    /// lengths first, as a length is read at once where comparing two strings is a call (a
    /// 17-key ticker: 0.5 µs pairwise, 0.2 µs lengths first, 1 µs through a set).
    static func repeatedKey<Keys: RandomAccessCollection>(in keys: Keys, plainASCII: Bool) -> Keys.Index? where Keys.Element == String {
        guard keys.count > 1 else { return nil }
        guard keys.count > 16 else {
            for later in keys.indices.dropFirst() {
                let key = keys[later], length = key.utf8.count
                if keys[..<later].contains(where: { (!plainASCII || $0.utf8.count == length) && $0 == key }) { return later }
            }
            return nil
        }
        var seen = Set<String>(minimumCapacity: keys.count)
        return keys.indices.first { !seen.insert(keys[$0]).inserted }
    }

    /// `duplicate key "last"`, at the repeated key's `offset`.
    func duplicateKey(_ key: String, at offset: Int) -> JSONSyntaxError {
        var failure = error("duplicate key \(JSONValue.escape(key))", at: offset)
        failure.isDuplicateKey = true
        return failure
    }

    /// Steps over an opening bracket, refusing to nest deeper than the limit.
    mutating func enterContainer() throws(JSONSyntaxError) {
        if depth == JSONParser.maximumDepth {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels", at: index)
        }
        depth += 1
        index += 1
    }

    mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let bytes = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount {
            guard index < end else { throw error("unexpected end of input", at: end) }
            guard base[index] == bytes[offset] else { throw unexpectedCharacter(at: index) }
            index += 1
        }
    }
}

extension JSONReader {
    /// The work of `JSONParser.parseObject`: the document, with only what the caller reads built.
    mutating func parsePartialObject(keeping keys: Set<String>, maxValues: Int) throws(JSONSyntaxError) -> JSONPartialObject? {
        keptKeys = keys
        refusesDuplicateKeys = true
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
