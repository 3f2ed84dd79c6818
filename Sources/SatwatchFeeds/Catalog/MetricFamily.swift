/// Metrics a feed publishes under one prefix, named after what it is configured with:
/// `dvol.<currency>`, `funding.<perpetual>`, `option.<instrument>.delta`. The catalog knows a
/// name of the family by its shape; which ones are published depends on the feed's settings
/// (`FeedDefinition.familyMetrics`).
package struct MetricFamily: Sendable {
    /// The first part of every name (`dvol`): never the start of a price.
    package var prefix: String
    /// How a name of it is written, for messages: `option.<instrument>.delta`.
    package var shape: String
    /// The unit of its values.
    package var unit: String
    /// Whether a whole metric name has the family's shape.
    package var matches: @Sendable (String) -> Bool

    package init(prefix: String, shape: String, unit: String, matches: @escaping @Sendable (String) -> Bool) {
        self.prefix = prefix
        self.shape = shape
        self.unit = unit
        self.matches = matches
    }

    /// `prefix.<part>` where the part is lowercase letters, digits and `_` and passes `part`.
    package static func simple(_ prefix: String, shape: String, unit: String,
                               part: @escaping @Sendable (String) -> Bool = { _ in true }) -> MetricFamily {
        MetricFamily(prefix: prefix, shape: shape, unit: unit) { name in
            guard name.hasPrefix(prefix + ".") else { return false }
            let rest = String(name.dropFirst(prefix.count + 1))
            return isMetricPart(rest) && part(rest)
        }
    }

    /// Lowercase letters, digits and `_`, starting with a letter or digit (1 to 100 characters).
    package static func isMetricPart(_ text: String) -> Bool {
        (1...100).contains(text.utf8.count) && text.utf8.first != UInt8(ascii: "_")
            && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
