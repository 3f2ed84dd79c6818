import SatwatchBase

/// Looks at the wall clock against the steady one every second and logs each step once
/// (`clock stepped step=-3600s`), taking up the new offset for the labels the worker writes from
/// then on. Nothing the worker measures depends on it: durations run on the steady clock.
struct ClockWatch: Sendable {
    let clock: ProcessClock
    let logger: Logger
    static let every = TimeSpan.seconds(1)

    /// Watches until cancelled.
    func run() async {
        while (try? await Task.sleep(for: Self.every.duration)) != nil {
            guard let step = clock.detectStep() else { continue }
            logger.warn("clock stepped", ["step": Self.text(step), "wall": clock.wallNow().rfc3339,
                                          "effect": "durations keep the monotonic clock; labels follow the wall clock"])
        }
    }

    /// A step in signed seconds, rounded: `-3600s`, `+86400s` (a reading is a few ms off the step).
    static func text(_ step: TimeSpan) -> String {
        let seconds = (abs(step.milliseconds) + 500) / 1000
        return (step.milliseconds < 0 ? "-" : "+") + "\(seconds)s"
    }
}
