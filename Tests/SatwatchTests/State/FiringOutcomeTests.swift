@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// What a resolve follows on a channel (`OutboxStore.firingOutcome`): the channel heard the alert
/// when its firing or any reminder of that firing was sent there, whatever kept the others; else
/// the firing's own fate decides.
@Suite("The firing a resolve follows")
struct FiringOutcomeTests {
    typealias F = StateFixtures

    /// Each step is "firing STATE", "reminder STATE" (of the firing the resolve ends) or
    /// "earlier firing|reminder|resolve STATE" (of an earlier firing of the same rule), queued on
    /// `hook` in that order.
    @Test(arguments: [
        (["firing sent"], "sent"),
        (["firing silenced"], "silenced"),
        (["firing dead"], "dead"),
        (["firing silenced", "reminder silenced", "reminder sent", "reminder sent"], "sent"),
        (["firing muted", "reminder muted", "reminder sent"], "sent"),
        (["firing capped", "reminder sent"], "sent"),
        (["firing silenced", "reminder silenced"], "silenced"),
        (["firing muted", "reminder dead"], "muted"),
        (["firing sent", "reminder silenced"], "sent"),
        (["earlier reminder sent", "earlier resolve sent", "firing silenced"], "silenced"),
        // A quiet window's flap: heard firing, then resolved, fired and resolved while muted.
        // What the channel last heard is a firing, so the last resolve is owed to it.
        (["earlier firing sent", "earlier resolve muted", "firing muted"], "sent"),
        (["earlier firing sent", "earlier resolve sent", "firing muted"], "muted"),
        (["earlier firing sent", "earlier resolve dead", "firing silenced"], "sent"),
        (["reminder silenced"], nil),
        ([], nil),
    ] as [([String], String?)])
    func aResolveFollowsWhatTheChannelHeard(_ steps: [String], _ expected: String?) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let start: Int64 = 10_000
        for (index, step) in steps.enumerated() {
            let words = step.split(separator: " ").map(String.init)
            let earlier = words[0] == "earlier"
            let kind = earlier ? words[1] : words[0]
            let at = start + Int64(index + 1) * 1_000
            var notification = F.notification("n\(index)", rule: "x", status: kind == "resolve" ? .resolved : .firing, at: at,
                                              channels: ["hook"])
            notification.isReminder = kind == "reminder"
            notification.startsAt = F.at(earlier ? 1_000 : start)
            let id = try #require(try F.enqueue(notification, in: store, at: at)["hook"])
            switch OutboxState(rawValue: try #require(words.last)) {
            case .sent: try store.outbox.markSent(id: id, at: F.at(at))
            case .dead: try store.outbox.markDead(id: id, at: F.at(at), reason: "HTTP 400")
            case let state: _ = try store.outbox.markKept(id: id, as: state, at: F.at(at), reason: "kept")
            }
        }
        var resolve = F.notification("resolve", rule: "x", status: .resolved, at: 99_000, channels: ["hook"])
        resolve.startsAt = F.at(start)
        #expect(try store.outbox.firingOutcome(of: resolve, channel: "hook")?.rawValue == expected)
        #expect(try store.outbox.firingOutcome(of: resolve, channel: "mail") == nil, "another channel heard nothing")
    }
}
