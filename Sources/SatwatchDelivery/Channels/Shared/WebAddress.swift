/// Finds the web addresses in a message, so a channel that makes the rest of it plain text
/// (Discord's escaping, Teams' text runs) can leave each address whole and clickable: a
/// backslash inside one would become part of the link, and an address in plain text is no link.
enum WebAddress {
    /// A stretch of a message: an address (`http://` or `https://`, any case, and what follows
    /// up to the next whitespace, less the punctuation after it) or the text between addresses.
    struct Piece: Equatable {
        var text: Substring
        var isAddress: Bool
    }

    /// `text` as its stretches, in order; joined, they are `text` again.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var plainStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let start = text[index...].prefix(8).lowercased()
            let scheme = start.hasPrefix("https://") ? 8 : start.hasPrefix("http://") ? 7 : 0
            // Sought only after a scheme: a long text without spaces is read once.
            let end = scheme == 0 ? index : trimmedEnd(text, from: index, to: text[index...].firstIndex(where: \.isWhitespace) ?? text.endIndex)
            // A scheme alone (`https://` and a space) addresses nothing.
            guard scheme > 0, text.distance(from: index, to: end) > scheme else {
                index = text.index(after: index)
                continue
            }
            if plainStart < index { pieces.append(Piece(text: text[plainStart..<index], isAddress: false)) }
            pieces.append(Piece(text: text[index..<end], isAddress: true))
            (index, plainStart) = (end, end)
        }
        if plainStart < text.endIndex { pieces.append(Piece(text: text[plainStart...], isAddress: false)) }
        return pieces
    }

    /// Where an address read up to `end` ends: punctuation after it (`.`, `,`, a closing quote)
    /// and a `)` closing a parenthesis opened before it (`(see https://x.example)`, a Markdown
    /// link's end) are the text's, as chat services' own linkers read them; a `)` the address
    /// opened itself (`…/wiki/Foo_(bar)`) is its own.
    private static func trimmedEnd(_ text: String, from start: String.Index, to end: String.Index) -> String.Index {
        var end = end
        while end > start {
            let last = text[text.index(before: end)]
            if last == ")" {
                let address = text[start..<end]
                guard address.count(where: { $0 == ")" }) > address.count(where: { $0 == "(" }) else { break }
            } else if !".,;:!?'\"]".contains(last) {
                break
            }
            end = text.index(before: end)
        }
        return end
    }
}
