import SatwatchBase

/// Runs the evaluator's alarm as a service of the generation.
struct AlarmService: Service {
    let alarm: Alarm
    let fire: @Sendable () -> Void
    var name: String { "alarm" }
    func run() async throws { await alarm.run(fire: fire) }
}
