/// The secrets of one config and the one way to hide them: every occurrence becomes `***`.
///
/// A config's redactor holds every `${NAME}` value and what each channel declares (its URL and
/// the URL's path, query and token-like parts, tokens, passwords). The logger applies it to every
/// line; channels apply their own before a failure reason leaves them (so the outbox never
/// stores one); `status` and `notify` apply the config's before they print, which also covers
/// rows written by older versions.
package struct Redactor: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// What replaces a secret.
    static let mask = "***"
    /// Shorter values are never hidden: replacing "a" or "ab" everywhere would destroy the text.
    static let minimumLength = 3

    /// The secrets as given (at least `minimumLength` long).
    let secrets: Set<String>
    /// Every form of every secret that is searched for, as UTF-8.
    private let needles: [[UInt8]]
    /// For each byte, the needles starting with it: the scan tries only those at a position.
    private let byFirstByte: [[Int]]

    /// A redactor hiding `secrets` (values shorter than three characters are ignored).
    package init(_ secrets: some Sequence<String>) {
        self.secrets = Set(secrets.filter { $0.count >= Self.minimumLength })
        var forms = Set<String>()
        for secret in self.secrets { forms.formUnion(Self.forms(of: secret)) }
        needles = forms.filter { $0.count >= Self.minimumLength }.sorted().map { Array($0.utf8) }
        var buckets = [[Int]](repeating: [], count: 256)
        for (index, needle) in needles.enumerated() { buckets[Int(needle[0])].append(index) }
        byFirstByte = buckets
    }

    /// A redactor hiding the listed values.
    package init(arrayLiteral secrets: String...) { self.init(secrets) }

    package static func == (lhs: Redactor, rhs: Redactor) -> Bool { lhs.secrets == rhs.secrets }

    /// A redactor hiding both sets of secrets.
    package func merging(_ other: Redactor) -> Redactor {
        other.secrets.isSubset(of: secrets) ? self : Redactor(secrets.union(other.secrets))
    }

    /// `text` with every secret, in any of its forms, replaced by `***`. Every byte of every
    /// occurrence is covered, overlapping ones too, and a covered run becomes one `***`: no
    /// part of a secret survives because another one overlapped it.
    package func redact(_ text: String) -> String {
        guard !needles.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var covered = [Bool](repeating: false, count: bytes.count)
        var found = false
        bytes.withUnsafeBufferPointer { bytes in
            for start in bytes.indices {
                for index in byFirstByte[Int(bytes[start])] {
                    let needle = needles[index]
                    guard start + needle.count <= bytes.count,
                          needle.withUnsafeBufferPointer({ $0.elementsEqual(bytes[start..<start + needle.count]) })
                    else { continue }
                    for position in start..<start + needle.count { covered[position] = true }
                    found = true
                }
            }
        }
        guard found else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (position, byte) in bytes.enumerated() {
            if !covered[position] {
                output.append(byte)
            } else if position == 0 || !covered[position - 1] {
                output += Self.mask.utf8
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
