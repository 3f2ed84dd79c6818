/// Everything that runs for one loaded setup: the feeds, the evaluator, the dispatcher and the
/// HTTP endpoint, as child tasks of one `ServiceGroup`. A reload stops one generation and starts
/// the next; shared boards (health, metrics) outlive generations.
struct Generation: Sendable {
    let setup: Setup
    let logger: Logger
    let boards: Boards

    /// Builds every service; fails only when the state file or the endpoint cannot be opened.
    func services() throws -> [any Service] {
        let (inputs, continuation) = AsyncStream.makeStream(of: EvaluatorInput.self, bufferingPolicy: .unbounded)
        let sink: @Sendable (RecordedFrame) -> Void = { continuation.yield(.frame($0)) }
        let backlog = FrameBacklog()
        let feeds = setup.config.feeds.map { $0.service(health: boards.health, logger: logger, backlog: backlog, sink: sink) }
        let alarm = Alarm()
        let dispatcher = try Dispatcher(statePath: setup.config.statePath, channels: setup.config.channels,
                                        logger: logger, counters: boards.deliveries)
        let evaluator = Evaluator(setup: setup, inputs: inputs, backlog: backlog, alarm: alarm, doorbell: dispatcher.doorbell,
                                  boards: boards, logger: logger)
        var services: [any Service] = feeds + [
            evaluator,
            AlarmService(alarm: alarm) { continuation.yield(.tick) },
            DispatcherService(dispatcher: dispatcher),
        ]
        if let listen = setup.config.httpListen {
            services.append(try EndpointService(listen: listen, boards: boards, feeds: setup.config.feeds,
                                                    statePath: setup.config.statePath, logger: logger))
        }
        return services
    }
}
