/// One token of an expression's text, as ``ExpressionLexer`` reads it.
enum ExpressionToken: Equatable {
    /// A numeric literal (`140`, `0.8`, `1e8`).
    case number(Double)
    /// A metric or function name, already checked to be lowercase dotted words (`btc.usd`).
    case name(String)
    /// One of `+ - * / ( ) ,`.
    case symbol(Unicode.Scalar)
    /// Past the last token.
    case end
}
