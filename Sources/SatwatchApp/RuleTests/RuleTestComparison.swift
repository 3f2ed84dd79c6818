/// How a test's notifications compare with its expectations: each expectation is paired with the
/// first unpaired notification of the same time, rule and status; a pair differs when a field
/// the expectation gives does not match.
package struct RuleTestComparison: Sendable, Equatable {
    /// The expectations, sorted.
    package let expected: [RuleTestCase.Expected]
    /// What happened, sorted.
    package let actual: [RuleTestCase.Expected]
    /// For each of `actual`, the index of the expectation it was paired with.
    let partner: [Int?]

    /// Pairs `expected` with `actual`.
    package init(expected: [RuleTestCase.Expected], actual: [RuleTestCase.Expected]) {
        let expected = expected.sorted(), actual = actual.sorted()
        var taken = Array(repeating: false, count: expected.count)
        partner = actual.map { notification in
            guard let index = expected.indices.first(where: { !taken[$0] && expected[$0].isSameEvent(as: notification) })
            else { return nil }
            taken[index] = true
            return index
        }
        self.expected = expected
        self.actual = actual
    }

    /// Expectations no notification matched.
    package var missing: [RuleTestCase.Expected] {
        let paired = Set(partner.compactMap { $0 })
        return expected.indices.filter { !paired.contains($0) }.map { expected[$0] }
    }

    /// Notifications no expectation matched.
    package var unexpected: [RuleTestCase.Expected] {
        zip(actual, partner).filter { $0.1 == nil }.map(\.0)
    }

    /// `30s hot firing: message expected "a", got "b"`, one per field that differs in a pair.
    package var differences: [String] {
        zip(actual, partner).flatMap { notification, index -> [String] in
            guard let index else { return [] }
            return expected[index].differences(from: notification).map { "\(notification.eventLine): \($0)" }
        }
    }

    /// Each notification's line with the fields its expectation gives.
    package var actualLines: [String] {
        zip(actual, partner).map { notification, index in
            index.map { notification.line(showing: expected[$0]) } ?? notification.eventLine
        }
    }

    /// True when every expectation is met and nothing else happened.
    package var matches: Bool { missing.isEmpty && unexpected.isEmpty && differences.isEmpty }
}
