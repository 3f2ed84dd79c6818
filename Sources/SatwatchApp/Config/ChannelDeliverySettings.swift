import SatwatchBase
import SatwatchDelivery

/// What the config says about how channels are delivered to, beside each channel's own keys:
/// quiet hours (`mute_during`, `active_during`), grouping (`group`) and rate overrides (`rate`),
/// by channel name.
struct ChannelDeliverySettings: Sendable {
    var quiet: [String: TimeIntervalSchedule] = [:]
    var rates: [String: RateLimit] = [:]
    var groups: [String: GroupTiming] = [:]

    /// Reads a channel's delivery keys from its settings.
    mutating func read(_ name: String, _ settings: inout ConfigObject, intervals: KnownTimeIntervals) {
        if let schedule = settings.quietHours(known: intervals) { quiet[name] = schedule }
        if let timing = settings.groupTiming() { groups[name] = timing }
        if let text = settings.string("rate") {
            if let rate = RateLimit(parsing: text) {
                rates[name] = rate
            } else {
                settings.report("rate", "invalid rate \"\(text)\" (messages per duration, e.g. \"1/s\", \"5/2s\", \"20/1m\")")
            }
        }
    }
}
