@testable import SatwatchBase
@testable import SatwatchDelivery
import Testing

@Suite struct RetryPolicyTests {
    /// (failures so far, Retry-After seconds, random in 0..<1) → delay in ms, with 2 s doubling to
    /// 10 min, ±20 % jitter and Retry-After capped at 1 h.
    @Test(arguments: [
        (1, nil, 0.5, 2_000), (2, nil, 0.5, 4_000), (3, nil, 0.5, 8_000), (10, nil, 0.5, 600_000),
        (40, nil, 0.5, 600_000), (1, nil, 0.0, 1_600), (1, nil, 0.999_999, 2_400),
        (1, 3, 0.5, 3_000), (3, 3, 0.5, 8_000), (1, 0, 0.5, 2_000),
        // Retry-After is honoured up to max_retry_after (1 h), never beyond.
        (1, 3_600, 0.5, 3_600_000), (1, 172_800, 0.5, 3_600_000), (1, 3_601, 0.5, 3_600_000),
    ] as [(Int, Int64?, Double, Int64)])
    func delays(_ attempts: Int, _ retryAfter: Int64?, _ random: Double, _ expected: Int64) {
        let delay = RetryPolicy().delay(afterAttempts: attempts, retryAfter: retryAfter.map { .seconds($0) }, random: { random })
        #expect(delay.milliseconds == expected)
    }

    @Test func expiry() {
        let policy = RetryPolicy(maxAge: .hours(24))
        #expect(!policy.isExpired(created: .epoch, now: .epoch + .hours(24)))
        #expect(policy.isExpired(created: .epoch, now: .epoch + .hours(24) + TimeSpan(milliseconds: 1)))
    }
}
