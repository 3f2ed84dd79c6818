import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// `"min_interval"`: read and checked from a channel's config, and what it decides of an alert's
/// entries against what the state file says the receiver got (a reminder inside the interval
/// throttled, a re-firing held to its end, a resolve at once, a flap inside it sending nothing).
/// The stage added as an example of a stage that reads state: one folder, one registry line.
@Suite struct MinIntervalStageTests {
    /// A state file with a `pager` channel's outbox, one alert `r` on it, a 10-minute interval.
    struct AlertFile {
        let store: StateStore
        let stage = MinIntervalStage(intervals: ["pager": .minutes(10)])

        init() throws {
            store = try StateStore.open(path: try TestPaths.temporaryFolder().appendingPathComponent("state.db").path)
        }

        /// Queues a notification of `r` at `minutes`, of the firing that started at `startedAt`.
        func queue(_ status: SatwatchRules.Notification.Status, reminder: Bool = false, at minutes: Int64,
                   startedAt: Int64 = 0, channel: String = "pager") throws {
            let at = Self.time(minutes)
            let notification = SatwatchRules.Notification(rule: "r", status: status, isReminder: reminder, metric: "m", value: 1,
                                                          threshold: 1, at: at, startsAt: Self.time(startedAt), message: "x",
                                                          channels: [channel])
            try store.commit([RuleChange(rule: "r", state: RuleState(digest: "d"), notification: notification)], at: at)
        }

        /// Runs the stage over the channel's pending entries at `minutes`, as the dispatcher does:
        /// what goes is sent then, holds and keeps are recorded. What became of each entry.
        func pass(at minutes: Int64, channel: String = "pager") throws -> [String] {
            let now = Self.time(minutes)
            let entries = try store.outbox.pendingEntries(channel: channel)
            var pass = StagePass(channel: channel, now: now, entries: entries)
            try stage.apply(to: &pass, state: store)
            for (record, entry) in pass.records {
                switch record {
                case .held(let until, let kind, let at): _ = try store.outbox.markHeld(id: entry.id, until: until, kind: kind, at: at)
                case .kept(let state, let reason, let at): _ = try store.outbox.markKept(id: entry.id, as: state, at: at, reason: reason)
                default: Issue.record("a stage records only holds and keeps")
                }
            }
            for entry in pass.entries { try store.outbox.markSent(id: entry.id, at: now) }
            return entries.map { entry in
                if let hold = pass.held.first(where: { $0.entry.id == entry.id })?.hold {
                    return "held (\(hold.kind)) \((hold.until - Self.time(0)).text)"
                }
                return pass.kept.first { $0.entry.id == entry.id }.map { "\($0.keep.state) (\($0.keep.reason))" } ?? "sent"
            }
        }

        static func time(_ minutes: Int64) -> Timestamp { Timestamp(milliseconds: 10_000_000) + .minutes(minutes) }
    }

    /// The first firing goes; a reminder inside the interval is throttled at once (held, it would
    /// keep the resolve behind it); one after the interval goes; a resolve goes at once.
    @Test func remindersInsideTheIntervalAreThrottledAndResolvesGoAtOnce() throws {
        let file = try AlertFile()
        try file.queue(.firing, at: 0)
        #expect(try file.pass(at: 0) == ["sent"])
        try file.queue(.firing, reminder: true, at: 5)
        #expect(try file.pass(at: 5) == ["throttled (reminder within min_interval 10m)"])
        try file.queue(.firing, reminder: true, at: 10)
        #expect(try file.pass(at: 10) == ["sent"])
        try file.queue(.resolved, at: 11)
        #expect(try file.pass(at: 11) == ["sent"])
    }

    /// A re-firing inside the interval (the resolve went at once) is held to the interval's end,
    /// counted from the last message, then goes.
    @Test func aReFiringIsHeldToTheEndOfTheInterval() throws {
        let file = try AlertFile()
        try file.queue(.firing, at: 0)
        try file.queue(.resolved, at: 0)
        #expect(try file.pass(at: 0) == ["sent", "sent"])
        try file.queue(.firing, at: 3, startedAt: 3)
        #expect(try file.pass(at: 3) == ["held (min_interval) 10m"])
        #expect(try file.store.outbox.deliverable(channel: "pager", now: AlertFile.time(9), limit: 10).isEmpty)
        #expect(try file.pass(at: 10) == ["sent"])
    }

    /// A flap inside the interval sends nothing: the held re-firing has its resolve behind it
    /// when the hold ends, so both are throttled, and the receiver, which heard the alert
    /// resolve, hears nothing more.
    @Test func aFlapInsideTheIntervalSendsNothing() throws {
        let file = try AlertFile()
        try file.queue(.firing, at: 0)
        try file.queue(.resolved, at: 1)
        #expect(try file.pass(at: 1) == ["sent", "sent"])
        try file.queue(.firing, at: 3, startedAt: 3)
        #expect(try file.pass(at: 3) == ["held (min_interval) 11m"])
        try file.queue(.resolved, at: 4, startedAt: 3)
        #expect(try file.pass(at: 11) == ["throttled (superseded within min_interval 10m)", "throttled (its firing was throttled)"])
    }

    /// Only a channel with the setting is paced.
    @Test func aChannelWithoutTheSettingIsNotPaced() throws {
        let file = try AlertFile()
        for minutes: Int64 in [0, 1] { try file.queue(.firing, reminder: minutes > 0, at: minutes, channel: "other") }
        #expect(try file.pass(at: 1, channel: "other") == ["sent", "sent"])
    }

    @Test(arguments: [
        (#""min_interval": "0s""#, #""min_interval" must be from 1s to 24h"#),
        (#""min_interval": "25h""#, #""min_interval" must be from 1s to 24h"#),
        (#""min_interval": "soon""#, #"invalid duration "soon" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)"#),
    ])
    func settingsAreChecked(_ keys: String, _ problem: String) throws {
        let probe = try ChannelConfigProbe(#"{"type": "webhook", "url": "http://127.0.0.1:9/x", \#(keys)}"#)
        #expect(probe.problems.map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") } == [problem])
    }
}
