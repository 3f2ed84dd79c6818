/// One item of a news feed (an RSS `item`, an Atom `entry`), as the sample of its source's poll
/// carries it to the rules: what makes it new once, and what a `news` condition matches and a
/// notification shows.
package struct Headline: Sendable, Hashable {
    /// What makes the item new once: its `guid` (RSS) or `id` (Atom), else its link.
    package var id: String
    /// The title, as text (entities and CDATA resolved, whitespace runs folded to one space).
    package var title: String
    /// The link to the item (RSS `link`, Atom's alternate `link href`); may be empty.
    package var link: String
    /// The summary (RSS `description`, Atom `summary`, else `content`), as text.
    package var summary: String

    /// Creates an item.
    package init(id: String, title: String, link: String, summary: String = "") {
        self.id = id
        self.title = title
        self.link = link
        self.summary = summary
    }

    /// The metric a news source's polls are published under: `news.` and the source's name
    /// (`news.coindesk`). Each sample of it carries that poll's items.
    package static let metricPrefix = "news."

    /// `news.<source>`.
    package static func metric(source: String) -> String { metricPrefix + source }

    /// Whether `name` can name a news source (under the news feed's `sources`, in `news.<name>`
    /// and a rule's `"news": {"source"}`): 1 to 64 lowercase letters, digits and `_`.
    package static func isSourceName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// The source a `news.<source>` metric names; nil for any other metric.
    package static func source(ofMetric metric: String) -> String? {
        guard metric.hasPrefix(metricPrefix), metric.count > metricPrefix.count else { return nil }
        return String(metric.dropFirst(metricPrefix.count))
    }
}
