import BlockingPool
import Dispatch
import SatwatchBase
import SatwatchState

/// Delivers the outbox: one worker per channel, so a dead or slow channel never delays the
/// others. On a channel, each alert's entries go in the order they happened (a firing before its
/// resolve), and an entry waiting for a reason of its own (its rule's quiet hours, its own retry)
/// delays no other alert's; only what concerns the whole channel (its group's wait, its rate
/// limit, its quiet hours, a receiver that is down) holds all of it.
///
/// Each channel's due entries go through the delivery stages (`DeliveryStages.all`: expiry,
/// silences, quiet hours, grouping, rate limits), which hold, keep or let them through; what is
/// left is one message. The retry decision lives here, once, for every channel: a channel only
/// reports whether its failure is retryable and whether it concerns the receiver or that message
/// alone; the dispatcher applies `RetryPolicy`, honours `Retry-After`, marks permanent failures
/// dead and logs each of those once.
package struct Dispatcher: Sendable {
    /// The delivery queues by name: each configured channel, or each of its peers (`NAME#1`, …).
    package let channels: [String: any Channel]
    let store: DeliveryStore
    /// The threads of this dispatcher's state-file connections (its store's and the
    /// checkpointer's lanes), ended when `run()` returns.
    let storeThreads: BlockingPool
    /// What a channel's due entries go through before they are sent, in order.
    let stages: [any DeliveryStage]
    /// Adds each notification's silence link and chart as it is sent; nil: none.
    let extras: (any NotificationExtrasSource)?
    /// How firing alerts read now, for re-sends; nil: as they were first sent.
    let restatements: (any AlertRestatements)?
    let policy: RetryPolicy
    /// How long sent and dead entries are kept (`state_retention`).
    let retention: TimeSpan
    /// `state_retention` when the config says nothing: a month of history.
    package static let defaultRetention = TimeSpan.hours(24 * 30)
    let logger: Logger
    /// Steady time for every wait and age; the wall clock for quiet hours, silences and the times
    /// a message shows.
    let processClock: ProcessClock
    let random: @Sendable () -> Double
    /// Rung, channel by channel, by whoever commits new entries.
    package let bells: ChannelBells
    /// Totals per channel, for `/metrics`.
    package let counters: DeliveryCounters
    /// Where storage failures are reported (for `/healthz` and `/metrics`) and logged.
    let storeHealth: StoreHealthBoard
    /// Closed at shutdown: attempts in flight finish, no new one starts.
    package let gate: DrainGate
    /// The alerts the worker evaluates (its enabled rules, its feeds' `feed-stale:` alerts): a
    /// firing one is told again only while one of these fires it (nil: any whose saved state
    /// fires, for a dispatcher that runs without an evaluator).
    let alerts: Set<String>?

    /// Creates a dispatcher over `stateFile`, the connection it shares with the evaluator's writer.
    package init(stateFile: StateFile, channels: [String: any Channel], policy: RetryPolicy = RetryPolicy(),
                retention: TimeSpan = Dispatcher.defaultRetention, logger: Logger,
                counters: DeliveryCounters = DeliveryCounters(), storeHealth: StoreHealthBoard? = nil,
                gate: DrainGate = DrainGate(), plan: DeliveryPlan = DeliveryPlan(), alerts: Set<String>? = nil,
                extras: (any NotificationExtrasSource)? = nil, restatements: (any AlertRestatements)? = nil,
                clock: ProcessClock = .live,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        let queues = Dictionary(channels.values.flatMap(\.queues).map { ($0.name, $0) }) { first, _ in first }
        self.channels = queues
        self.storeThreads = BlockingPool(name: "satwatch-state", threads: 2, capacity: 0)
        self.store = DeliveryStore(file: stateFile, pool: storeThreads)
        var plan = plan
        plan.maxAge = policy.maxAge
        self.stages = DeliveryStages.make(plan: plan, channels: queues)
        self.extras = extras
        self.restatements = restatements
        self.policy = policy
        self.retention = retention
        self.logger = logger
        self.processClock = clock
        self.random = random
        self.counters = counters
        self.storeHealth = storeHealth ?? StoreHealthBoard(logger: logger)
        self.gate = gate
        self.alerts = alerts
        self.bells = ChannelBells(queues.keys)
    }

    /// The steady time: what every wait, back-off and age is measured on.
    func clock() -> Timestamp { processClock.now() }

    /// Delivers until cancelled. Entries queued while the worker was down are picked up at once.
    package func run() async {
        if let extras {
            do {
                try await store.prepare(extras)
            } catch {
                // Notifications still go out, without their silence links.
                logger.error("silence links unavailable: the signing key could not be read", ["error": "\(error)"])
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for (name, channel) in channels {
                group.addTask(executorPreference: store.queue) { await self.work(channel: channel, bell: self.bells[name]) }
                if let restating = channel as? any RestatingChannel {
                    group.addTask { await self.restate(restating) }
                }
            }
            group.addTask { await self.retireOrphans() }
            group.addTask { await self.checkpointWhileIdle() }
            group.addTask { await self.maintain() }
        }
        // Closed before the worker exits, not whenever the actor happens to be freed: the last
        // connection to close checkpoints the WAL and removes it. (If the evaluator's writer is
        // still at work, its next step opens the file again, and its own close ends it.)
        await store.close()
        await storeThreads.shutdown()
    }

    /// The evaluator's connection never checkpoints the WAL (that would put fsyncs on the alert
    /// path), nor does the delivery store (the next delivery would wait behind them on its
    /// actor): this task does, every five seconds, through a connection of its own, and at once
    /// when a burst of commits has made the log long (looked at every half second: a burst of
    /// deliveries writes tens of megabytes a second to it).
    private func checkpointWhileIdle() async {
        let checkpointer = DeliveryStore(file: StateFile(path: store.path), pool: storeThreads)
        var last = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(500))
            let logIsLong = await checkpointer.logIsLong()
            guard logIsLong || ContinuousClock.now - last >= .seconds(5) else { continue }
            last = .now
            do {
                try await checkpointer.checkpoint()
                storeHealth.succeeded("checkpoints", at: clock())
            } catch {
                storeHealth.failed("checkpoints", error, at: clock())
            }
        }
        await checkpointer.close()
    }

    /// Entries for channels no longer in the config (after a reload) would wait forever: they
    /// become dead with a reason, visible in `status`.
    private func retireOrphans() async {
        let part = "retiring orphaned deliveries"
        while !Task.isCancelled {
            do {
                for channel in try await store.channelsWithPending() where channels[channel] == nil {
                    while let entry = try await store.head(of: channel) {
                        try await store.record(.dead(reason: "channel \"\(channel)\" is no longer configured", at: clock()), for: [entry])
                        logger.error("delivery dead", ["channel": channel, "rule": entry.notification.rule,
                                                       "id": entry.notification.id, "reason": "channel is no longer configured"])
                    }
                }
                storeHealth.succeeded(part, at: clock())
                return
            } catch {
                storeHealth.failed(part, error, at: clock())
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }
}

extension Dispatcher {
    /// Tells `channel` again, at once and then every `resendEvery`, the latest state of each
    /// alert its channel's receivers heard (`RestatingChannel`, `OutboxStore.latestHeard`):
    /// firing ones that still fire with a fresh `endsAt` and their current value and message
    /// (`restatements`), resolved ones for `resendResolvedFor`.
    /// Not queued nor recorded: what the receivers heard is already in the outbox, and a failed
    /// telling is simply made again at the next turn (its queue's own deliveries retry as usual).
    private func restate(_ channel: any RestatingChannel) async {
        var failing = false
        while !Task.isCancelled {
            let now = clock()
            do {
                let heard = try await store.latestHeard(queues: channel.restatedFrom, resolvedSince: now - channel.resendResolvedFor,
                                                        alerts: alerts)
                for chunk in stride(from: 0, to: heard.count, by: GroupStage.maxMembers).map({ heard[$0..<min($0 + GroupStage.maxMembers, heard.count)] }) {
                    // Told as it reads now, silence link and page address included: the receiver
                    // keeps the latest telling's annotations, so one without them takes them away.
                    let told = chunk.map { restatements?.current(of: $0.notification) ?? $0.notification }
                    var group = NotificationGroup(told, extras: told.map { extras?.extras(for: $0, chart: false) ?? NotificationExtras() })
                    group.sentAt = clock()
                    group.externalURL = extras?.externalURL
                    let outcome = await channel.deliver(group.labelled(by: processClock.offset))
                    if case .failed(let failure) = outcome, !failing {
                        logger.warn("re-sending alerts failed", ["channel": channel.name, "alerts": "\(chunk.count)", "error": failure.reason])
                    }
                    failing = outcome != .delivered
                }
            } catch {
                storeHealth.failed("re-sending alerts to \(channel.name)", error, at: now)
            }
            try? await Task.sleep(for: channel.resendEvery.duration)
        }
    }
}

/// The dispatcher runs as a service of the worker's generation.
extension Dispatcher: Service {
    package var name: String { "dispatcher" }
}
