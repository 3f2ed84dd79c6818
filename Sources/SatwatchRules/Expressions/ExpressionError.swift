/// Why an expression's text does not parse, and where: `check` turns `offset` into the
/// line:column of the offending character inside the config string.
package struct ExpressionError: Error, Equatable {
    /// What is wrong, e.g. `unknown function "smaa" (did you mean "sma"?)`.
    package var message: String
    /// The 0-based offset, in Unicode scalars, of the offending token in the expression text
    /// (the text's length for an unexpected end).
    package var offset: Int

    /// An error saying `message` about the token at `offset`.
    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}
