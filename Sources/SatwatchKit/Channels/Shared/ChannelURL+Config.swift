extension ChannelURL {
    /// The URLs an HTTP channel accepts.
    static let httpSchemes = ["http", "https"]

    /// Reads URL `key` and checks its scheme; reports a problem at the value when it is not a
    /// URL of `schemes`. The value itself is not repeated in the message: webhook URLs are
    /// secrets.
    static func read(_ key: String, schemes: [String] = httpSchemes, required: Bool = true,
                     _ settings: inout ConfigObject, context: ChannelContext) -> ChannelURL? {
        guard let text = settings.string(key, required: required) else { return nil }
        guard let url = ChannelURL(text, schemes: schemes) else {
            // Both "http" and "smtp" take "an".
            let list = schemes.map { "\($0)://" }.joined(separator: " or ")
            settings.report(key, "expected an \(list) URL with a host")
            return nil
        }
        return url
    }

    /// What the logger must hide: the whole URL when it is a secret itself (webhook URLs carry
    /// their token), then the password of a `user:password@` part. The whole URL comes first so
    /// it is still found intact when redacted.
    func secrets(wholeURL: Bool) -> [String] {
        (wholeURL ? [text] : []) + (password.map { [$0] } ?? [])
    }

    /// The URL without a trailing `/`, so paths can be appended to a base.
    var base: String { text.hasSuffix("/") ? String(text.dropLast()) : text }
}
