import SatwatchBase
import SatwatchDelivery
import SatwatchFeeds
import SatwatchState

/// What runs for one loaded setup besides the feeds and the endpoint: the evaluator, its alarm
/// and the dispatcher, as child tasks of one `ServiceGroup`. A reload stops one generation
/// completely before the next starts; the feeds (`FeedSet`), the HTTP endpoint (`Endpoint`) and
/// the boards outlive generations.
struct Generation: Sendable {
    let setup: Setup
    let logger: Logger
    let boards: Boards
    let inbox: EvaluatorInbox
    /// Where the evaluator marks each frame done, letting the next waiting feed go on.
    let backlog: FrameBacklog
    /// Closed first when the generation stops, so deliveries in flight can finish.
    let gate = DrainGate()

    /// Builds every service (the state file is opened by the services themselves, off the
    /// cooperative pool).
    func services() -> [any Service] {
        let alarm = Alarm()
        // One connection for both: see `StateFile`. The checkpoints go through one of their own.
        let stateFile = StateFile(path: setup.config.statePath, autoCheckpointPages: 0)
        let dispatcher = Dispatcher(stateFile: stateFile, channels: setup.config.channels,
                                        policy: RetryPolicy(maxRetryAfter: setup.config.maxRetryAfter),
                                        retention: setup.config.stateRetention, logger: logger, counters: boards.deliveries,
                                        storeHealth: boards.store, gate: gate, plan: setup.deliveryPlan, alerts: setup.alerts,
                                        extras: PageExtras(externalURL: setup.config.page.externalURL, boards: boards),
                                        restatements: boards.firing)
        let evaluator = Evaluator(setup: setup, stateFile: stateFile, inputs: inbox, backlog: backlog, alarm: alarm, bells: dispatcher.bells,
                                  boards: boards, logger: logger)
        return [
            evaluator,
            AlarmService(alarm: alarm) { [inbox] in inbox.yield(.tick) },
            dispatcher,
        ]
    }
}
