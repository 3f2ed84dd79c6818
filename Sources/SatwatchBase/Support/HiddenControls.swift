/// Characters that change how text is shown while showing nothing themselves: the C1 controls
/// (U+0080–U+009F; U+009B is a terminal's CSI, which starts a cursor or colour sequence just as
/// ESC [ does) and the bidirectional embeddings, overrides (U+202A–U+202E) and isolates
/// (U+2066–U+2069), with which a feed's headline can show `100,000` for what reads `000,001`.
/// Logs escape them (`LogLine`); chat and mail text leaves them out (`NotificationGroup`).
package enum HiddenControls {
    /// Whether `scalar` is one of them.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` without them. NEL (U+0085), a line end to some readers, becomes a space so the
    /// words on either side stay apart.
    package static func removing(from text: String) -> String {
        guard text.unicodeScalars.contains(where: contains) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\u{85}" {
                kept.append(" ")
            } else if !contains(scalar) {
                kept.append(scalar)
            }
        }
        return String(kept)
    }
}
