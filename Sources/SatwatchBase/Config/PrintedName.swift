import SatwatchJSON

/// What a name that commands print on one line (a rule's or a channel's, in `status` and
/// `history`) may hold: something besides spaces, and no control character, which a terminal
/// would act on (a newline breaking the table, ESC starting a colour or cursor sequence), nor a
/// bidi override or isolate, which would show the name's characters out of order.
package enum PrintedName {
    /// Why `name` cannot be a `what` (`rule name`, `channel name`) and the offset of the
    /// character at fault (in Unicode scalars; nil: the whole name), or nil when it can be.
    package static func problem(_ name: String, what: String) -> (message: String, offset: Int?)? {
        if name.isEmpty { return ("\(what) must not be empty", nil) }
        if name.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return ("\(what) must not be only spaces", nil) }
        let scalars = Array(name.unicodeScalars)
        guard let offset = scalars.firstIndex(where: { $0.properties.generalCategory == .control || HiddenControls.contains($0) })
        else { return nil }
        let code = String(scalars[offset].value, radix: 16, uppercase: true)
        return ("\(what) has a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)); "
                + "names are printed on one line", offset)
    }
}

extension ConfigObject {
    /// Reports why `name`, written in the string whose opening quote is at `start` (a value or
    /// a key), cannot be a `what`, at the character at fault; true when it can be.
    package func checkPrintedName(_ name: String, what: String, at start: SourceLocation) -> Bool {
        guard let problem = PrintedName.problem(name, what: what) else { return true }
        report(at: problem.offset.map { location(at: $0, inStringAt: start) } ?? start, problem.message)
        return false
    }
}
