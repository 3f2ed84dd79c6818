/// The secrets of one config and the one way to hide them: every occurrence becomes `***`.
///
/// A config's redactor holds every `${NAME}` value and what each channel declares (its URL and
/// the URL's path, query and token-like parts, tokens, passwords). The logger applies it to every
/// line; channels apply their own before a failure reason leaves them (so the outbox never
/// stores one); `status` and `notify` apply the config's before they print, which also covers
/// rows written by older versions.
public struct Redactor: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// What replaces a secret.
    static let mask = "***"
    /// Shorter values are never hidden: replacing "a" or "ab" everywhere would destroy the text.
    static let minimumLength = 3

    /// The secrets as given (at least `minimumLength` long).
    private(set) var secrets: Set<String>
    /// Every form of every secret that is searched for, longest first, so a whole URL is hidden
    /// as one `***` before its parts are looked for.
    private(set) var needles: [String]

    /// A redactor hiding `secrets` (values shorter than three characters are ignored).
    public init(_ secrets: some Sequence<String>) {
        self.secrets = Set(secrets.filter { $0.count >= Self.minimumLength })
        var forms = Set<String>()
        for secret in self.secrets { forms.formUnion(Self.forms(of: secret)) }
        needles = forms.filter { $0.count >= Self.minimumLength }.sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// A redactor hiding the listed values.
    public init(arrayLiteral secrets: String...) { self.init(secrets) }

    /// A redactor hiding both sets of secrets.
    public func merging(_ other: Redactor) -> Redactor {
        other.secrets.isSubset(of: secrets) ? self : Redactor(secrets.union(other.secrets))
    }

    /// `text` with every secret, in any of its forms, replaced by `***`.
    public func redact(_ text: String) -> String {
        var text = text
        for needle in needles where text.contains(needle) { text = text.replacing(needle, with: Self.mask) }
        return text
    }
}
