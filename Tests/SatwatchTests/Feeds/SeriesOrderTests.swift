@testable import SatwatchFeeds
import Testing

/// The newest position per series: (steps of (series, position) or nil for a restart, which
/// positions were admitted).
@Suite struct SeriesOrderTests {
    @Test(arguments: [
        ("in order", [("a", 1.0), ("a", 2), ("a", 3)], [true, true, true]),
        ("a repeat is not older", [("a", 200), ("a", 200)], [true, true]),
        ("Coinbase's 200, 150, 201", [("a", 200), ("a", 150), ("a", 201)], [true, false, true]),
        ("a dropped position does not become the newest", [("a", 200), ("a", 150), ("a", 160)], [true, false, false]),
        ("series are apart", [("a", 200), ("b", 150), ("a", 199), ("b", 151)], [true, true, false, true]),
        ("927600 then 927599", [("", 927_600), ("", 927_599), ("", 927_601)], [true, false, true]),
    ] as [(String, [(String, Double)], [Bool])])
    func positions(_ name: String, _ steps: [(String, Double)], _ admitted: [Bool]) {
        var order = SeriesOrder()
        #expect(steps.map { order.admits($0.1, of: $0.0) } == admitted, "\(name)")
    }

    /// A new connection numbers afresh: after a restart the low numbers are taken.
    @Test func aRestartTakesTheNextPositionWhateverItIs() {
        var order = SeriesOrder()
        let before = order.admits(121_734_518_411, of: "BTC-USD")
        order.restart()
        let after = [5.0, 6, 5].map { order.admits($0, of: "BTC-USD") }
        #expect(before && after == [true, true, false])
    }
}
