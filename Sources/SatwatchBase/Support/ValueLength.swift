/// How long a string from a config, rule or test file may be once `${NAME}` is expanded. Each
/// such string becomes something with a natural size (a name in every log line and message, a
/// path the kernel takes, a label a receiver indexes), and a value of megabytes, written by
/// mistake or through a variable, must be refused where it is written rather than be carried
/// into every notification.
package struct ValueLength: Sendable {
    /// The most allowed.
    let maximum: Int
    /// Whether UTF-8 bytes are counted (a path: the kernel's `PATH_MAX` counts bytes) rather
    /// than characters.
    let countsBytes: Bool
    /// What the value is, for the message: `a rule name`.
    let kind: String

    /// A rule's name: it is the alert's name in every message, page and label.
    package static let ruleName = ValueLength(maximum: 200, countsBytes: false, kind: "a rule name")
    /// The name of a channel, time interval, derived metric, portfolio, label or test.
    package static let name = ValueLength(maximum: 200, countsBytes: false, kind: "a name")
    /// A label's value (Alertmanager and chat receivers show it whole).
    package static let labelValue = ValueLength(maximum: 1024, countsBytes: false, kind: "a label value")
    /// A message template or a description: a few lines of text; 8 KiB is twice a Telegram message.
    package static let message = ValueLength(maximum: 8192, countsBytes: false, kind: "a message")
    /// A file or folder path: the kernel refuses longer ones (`PATH_MAX`).
    package static let path = ValueLength(maximum: 4096, countsBytes: true, kind: "a path")
    /// Any other value (a URL, a token, an expression): 64 KiB is beyond every one of them.
    static let text = ValueLength(maximum: 65536, countsBytes: false, kind: "a value")

    /// Why `value` is too long, or nil when it is not.
    func problem(_ value: String) -> String? {
        let bytes = value.utf8.count
        guard bytes > maximum else { return nil }  // never more characters than bytes
        let length = countsBytes ? bytes : value.count
        guard length > maximum else { return nil }
        return "too long: \(length) \(countsBytes ? "bytes" : "characters") (\(kind) is at most \(maximum))"
    }
}
