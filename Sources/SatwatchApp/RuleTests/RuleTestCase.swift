import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// One test of a rule test file: timed samples in, expected notifications and states out.
package struct RuleTestCase: Sendable, Equatable {
    /// A sample at a time offset from the test's start.
    package struct TimedSample: Sendable, Equatable {
        /// Offset from the start.
        package var at: TimeSpan
        /// Metric name.
        package var metric: String
        /// Value.
        package var value: Double
        /// Publishing feed (default `test`).
        package var source: String
        /// For one poll of a news source (`"news": SOURCE, "items": […]`): its items.
        package var headlines: [Headline] = []
    }

    /// The test's name.
    package var name: String
    /// Samples, in file order.
    package var samples: [TimedSample]
    /// Expected notifications.
    package var expect: [Expected]
    /// Expected rule states at given times, in file order.
    package var states: [StateCheck] = []
    /// Where the test was defined, `path:line:column`.
    package var origin: String
}

extension RuleTestCase {
    /// A notification at a time offset from the test's start. As an expectation, `message`,
    /// `labels` and `channels` are compared only when given (exactly then; labels in any order).
    package struct Expected: Sendable, Hashable, Comparable {
        /// Offset from the start.
        package var at: TimeSpan
        /// Rule name.
        package var rule: String
        /// `firing` or `resolved`.
        package var status: String
        /// The rendered message.
        package var message: String?
        /// The rule's labels.
        package var labels: [Label]?
        /// The channels it goes to.
        package var channels: [String]?

        /// Creates one; nil fields are not asserted.
        package init(at: TimeSpan, rule: String, status: String, message: String? = nil,
                    labels: [Label]? = nil, channels: [String]? = nil) {
            self.at = at
            self.rule = rule
            self.status = status
            self.message = message
            self.labels = labels
            self.channels = channels
        }

        package static func < (lhs: Expected, rhs: Expected) -> Bool {
            (lhs.at, lhs.rule, lhs.status) < (rhs.at, rhs.rule, rhs.status)
        }

        /// Same time, rule and status.
        func isSameEvent(as other: Expected) -> Bool {
            at == other.at && rule == other.rule && status == other.status
        }

        /// `40s btc-above-100k firing`.
        package var eventLine: String { "\(at.text) \(rule) \(status)" }

        /// The event line, then each field it gives: `message="…"`.
        package var line: String { line(showing: self) }

        /// This notification's line with the fields `asserted` gives (to show a notification
        /// next to the expectation it was compared with).
        func line(showing asserted: Expected) -> String {
            var parts = [eventLine]
            if asserted.message != nil { parts.append("message=\(Self.text(message))") }
            if asserted.labels != nil { parts.append("labels=\(Self.text(labels))") }
            if asserted.channels != nil { parts.append("channels=\(Self.text(channels))") }
            return parts.joined(separator: " ")
        }

        /// For each field this expectation gives that `actual` has otherwise:
        /// `message expected "a", got "b"`.
        func differences(from actual: Expected) -> [String] {
            var result: [String] = []
            if let message, message != actual.message {
                result.append("message expected \(Self.text(message)), got \(Self.text(actual.message))")
            }
            if let labels, Set(labels) != Set(actual.labels ?? []) {
                result.append("labels expected \(Self.text(labels)), got \(Self.text(actual.labels))")
            }
            if let channels, channels != actual.channels {
                result.append("channels expected \(Self.text(channels)), got \(Self.text(actual.channels))")
            }
            return result
        }

        // JSON text, as the test file writes them.
        private static func text(_ message: String?) -> String { JSONValue.string(message ?? "").jsonText() }

        private static func text(_ labels: [Label]?) -> String {
            JSONValue.object((labels ?? []).map { JSONMember(key: $0.name, node: JSONNode(.string($0.value))) }).jsonText()
        }

        private static func text(_ channels: [String]?) -> String {
            JSONValue.array((channels ?? []).map { JSONNode(.string($0)) }).jsonText()
        }
    }
}

extension RuleTestCase {
    /// A rule's state at a time offset from the test's start, after every sample at or before it.
    package struct StateCheck: Sendable, Equatable {
        /// Offset from the start.
        package var at: TimeSpan
        /// Rule name.
        package var rule: String
        /// `inactive`, `pending` or `firing`.
        package var state: AlertStatus

        /// `20s hot pending`.
        package var line: String { "\(at.text) \(rule) \(state.rawValue)" }
    }
}
