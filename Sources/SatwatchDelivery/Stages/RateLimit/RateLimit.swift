import SatwatchBase

/// At most `count` messages per `per` to one receiver: one of a chat service's own limits (Slack
/// about one a second per webhook, Discord 5 per 2 s, Telegram one a second per chat and 20 a
/// minute more per group), or a channel's `"rate"`.
package struct RateLimit: Sendable, Equatable {
    /// Messages allowed in any window of `per`.
    package var count: Int
    /// The window.
    package var per: TimeSpan

    /// Creates a limit.
    package init(_ count: Int, per: TimeSpan) {
        self.count = count
        self.per = per
    }

    /// Reads `"1/s"`, `"5/2s"`, `"20/1m"`: a count, a slash, and a duration (`s`, `m`, `h` alone
    /// mean one of them); nil when it is not such a text or the count is not positive.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0]), count > 0 else { return nil }
        let unit = String(parts[1])
        guard let per = TimeSpan(parsing: ["s", "m", "h"].contains(unit) ? "1" + unit : unit), per.milliseconds > 0 else { return nil }
        self.init(count, per: per)
    }

    /// `5/2s`.
    package var text: String { "\(count)/\(per.text)" }
}
