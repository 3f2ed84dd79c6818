import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
import SatwatchState
import SatwatchTestSupport
import Testing

/// Rate limits: parsed from `"rate"`, each service's own (Telegram's by its chat id, a number or a
/// string), several windows kept at once, and a burst through the dispatcher to a real receiver
/// that waits its turn and loses nothing.
@Suite struct RateLimitTests {
    @Test(arguments: [
        ("1/s", RateLimit(1, per: .seconds(1))), ("5/2s", RateLimit(5, per: .seconds(2))), ("20/1m", RateLimit(20, per: .minutes(1))),
        ("3/m", RateLimit(3, per: .minutes(1))), ("1/500ms", RateLimit(1, per: TimeSpan(milliseconds: 500))),
        ("0/s", nil), ("-1/s", nil), ("1", nil), ("1/", nil), ("/s", nil), ("x/s", nil), ("1/0s", nil), ("1/s/s", nil),
    ] as [(String, RateLimit?)])
    func parsing(_ text: String, _ expected: RateLimit?) {
        #expect(RateLimit(parsing: text) == expected)
    }

    @Test func eachChatServiceHasItsOwnLimitAndRateOverridesIt() throws {
        let folder = try TestPaths.temporaryFolder()
        try #"""
            {"state": "state.db", "rules": [], "channels": {
              "slack": {"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/x"},
              "discord": {"type": "discord", "url": "https://discord.com/api/webhooks/1/x"},
              "tg-user": {"type": "telegram", "token": "123:abc", "chat_id": 12345},
              "tg-group": {"type": "telegram", "token": "123:abc", "chat_id": -1001234567890},
              "tg-user-text": {"type": "telegram", "token": "123:abc", "chat_id": "12345"},
              "tg-group-text": {"type": "telegram", "token": "123:abc", "chat_id": "-1001234567890"},
              "tg-channel": {"type": "telegram", "token": "123:abc", "chat_id": "@satwatch_alerts"},
              "tg-override": {"type": "telegram", "token": "123:abc", "chat_id": "@satwatch_alerts", "rate": "1/3s"},
              "fast-slack": {"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/y", "rate": "3/s"},
              "hook": {"type": "webhook", "url": "http://127.0.0.1:1/x"},
              "slow-hook": {"type": "webhook", "url": "http://127.0.0.1:1/y", "rate": "10/1m"}}}
            """#.write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
        let (setup, problems) = Setup.load(path: folder.appendingPathComponent("satwatch.json").path, environment: [:],
                                           logger: Logger(level: .error, sink: { _ in }))
        #expect(problems.isEmpty, "\(problems)")
        let perSecond = RateLimit(1, per: .seconds(1)), perMinute = RateLimit(20, per: .minutes(1))
        let plan = try #require(setup).deliveryPlan
        #expect(RateLimitStage.limits(channels: try #require(setup).config.channels,
                                      overrides: plan.settings(of: RateLimitStage.self)) == [
            "slack": [perSecond], "discord": [RateLimit(5, per: .seconds(2))],
            "tg-user": [perSecond], "tg-group": [perSecond, perMinute],
            "tg-user-text": [perSecond], "tg-group-text": [perSecond, perMinute], "tg-channel": [perSecond, perMinute],
            "tg-override": [RateLimit(1, per: .seconds(3))],
            "fast-slack": [RateLimit(3, per: .seconds(1))], "slow-hook": [RateLimit(10, per: .minutes(1))],
        ])
    }

    /// A Telegram group's two limits at once, on an injected clock: 20 messages offered every
    /// 10 ms go out a second apart (the per-second limit), and the 21st waits for the minute
    /// after the first (the per-minute one), not for one more second.
    @Test func aGroupKeepsBothItsPerSecondAndItsPerMinuteLimit() {
        let stage = RateLimitStage(limits: ["group": [RateLimit(1, per: .seconds(1)), RateLimit(20, per: .minutes(1))]])
        let start = Timestamp(milliseconds: 1_000_000)
        var now = start
        var sentAt: [Timestamp] = []
        while sentAt.count < 21, now < start + .minutes(5) {
            if let slot = stage.admit("group", at: now) {
                #expect(slot > now, "a slot in the future")
                now = max(now + TimeSpan(milliseconds: 10), slot)
            } else {
                sentAt.append(now)
                now = now + TimeSpan(milliseconds: 10)
            }
        }
        #expect(sentAt.count == 21)
        #expect(zip(sentAt, sentAt.dropFirst()).allSatisfy { $1 - $0 >= .seconds(1) }, "a second apart")
        #expect(sentAt[19] - sentAt[0] == .seconds(19), "the first 20 at one a second")
        #expect(sentAt[20] - sentAt[0] == .minutes(1), "the 21st a minute after the first")
        // A channel without limits is never paced; one with a single limit as before.
        #expect(stage.admit("other", at: start) == nil)
        let chat = RateLimitStage(limits: ["chat": [RateLimit(1, per: .seconds(1))]])
        #expect(chat.admit("chat", at: start) == nil)
        #expect(chat.admit("chat", at: start + TimeSpan(milliseconds: 400)) == start + .seconds(1))
        #expect(chat.admit("chat", at: start + .seconds(1)) == nil)
    }

    @Test func aBurstWaitsItsTurnInOrderAndNothingIsDropped() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try DispatcherTests.Harness(["hook": endpoint])
        let dispatcher = Dispatcher(stateFile: StateFile(path: harness.statePath), channels: harness.channels,
                                    policy: RetryPolicy(initialDelay: TimeSpan(milliseconds: 100)),
                                    logger: Logger(level: .error, sink: { _ in }), plan: DeliveryPlan(rates: ["hook": RateLimit(2, per: .seconds(1))]))
        for index in 0..<7 { try harness.queue(.firing, rule: "r\(index)", at: Int64(index), channels: ["hook"]) }
        try await DispatcherTests.run(dispatcher) { try harness.entries().allSatisfy { $0.state == .sent } }
        let times = try endpoint.requests().map(\.receivedAt).sorted()
        #expect(times.count == 7)
        // Never more than 2 a second, measured where they land: the 3rd a second after the 1st,
        // give or take how long each took on the wire (without the limit all 7 land in ~50 ms).
        for index in 2..<times.count { #expect(times[index] - times[index - 2] >= 0.5, "request \(index + 1)") }
        #expect(times[6] - times[0] >= 2.5, "7 at 2 a second take 3 s")
        let order = try endpoint.requests().map { String(decoding: $0.body, as: UTF8.self) }
        #expect(order.enumerated().allSatisfy { $0.element.contains("\"alertname\":\"r\($0.offset)\"") }, "in order")
    }
}

extension RateLimitStage {
    /// What the dispatcher does with one message: nil when it may go now (counted as sent
    /// then), else the channel's next free slot.
    fileprivate func admit(_ channel: String, at now: Timestamp) -> Timestamp? {
        if let free = nextFree(channel, at: now) { return free }
        sending([], on: channel, at: now)
        return nil
    }
}
