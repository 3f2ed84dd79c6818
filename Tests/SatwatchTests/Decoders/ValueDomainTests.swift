@testable import SatwatchFeeds
import Testing

/// What each domain admits: finite values of plausible size, whole numbers where only whole
/// numbers make sense.
@Suite struct ValueDomainTests {
    @Test(arguments: [
        (ValueDomain.blockHeight, 927_700.0, true), (.blockHeight, 0, true), (.blockHeight, 10_000_000, true),
        (.blockHeight, 10_000_001, false), (.blockHeight, 1e300, false), (.blockHeight, 927_700.5, false),
        (.blockHeight, -1, false), (.blockHeight, .nan, false), (.blockHeight, .infinity, false),
        (.count, 0, true), (.count, 123_456, true), (.count, 1.5, false), (.count, -1, false),
        (.count, 9_007_199_254_740_992, true), (.count, 1e16, false),
        (.feeRate, 0, true), (.feeRate, 0.1, true), (.feeRate, 1_000, true), (.feeRate, 1e8, true), (.feeRate, 1e9, false),
        (.nonNegative, 0, true), (.nonNegative, 1e30, true), (.nonNegative, 1e300, false), (.nonNegative, -0.1, false),
        (.positive, 92_411, true), (.positive, 0, false), (.positive, 1e21, true), (.positive, 1e300, false),
        (.any, -2.5, true), (.any, -1e30, true), (.any, -1e300, false), (.any, .nan, false),
    ] as [(ValueDomain, Double, Bool)])
    func admits(_ domain: ValueDomain, _ value: Double, _ admitted: Bool) {
        #expect(domain.admits(value) == admitted)
    }
}
