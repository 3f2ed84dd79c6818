import SatwatchBase
import SatwatchRules

/// A notification in Alertmanager's terms, shared by the `webhook` payload (v4) and the
/// `alertmanager` channel: labels, annotations, times and fingerprint.
struct AlertmanagerAlert: Sendable, Equatable {
    /// `alertname` (the rule), `metric`, then the rule's labels; sorted by name, as Alertmanager
    /// writes label sets. A rule label cannot replace `alertname` or `metric`.
    let labels: [Label]
    /// `summary` (the rendered message), `threshold`, `value`, `values`, `silence_url`; sorted by name.
    let annotations: [Label]
    /// Alertmanager's zero time: what a firing alert's `endsAt` holds in webhook payloads,
    /// written exactly as Alertmanager writes it (receivers compare it as text). It is not a
    /// time of ours, so it keeps Go's spelling rather than our milliseconds.
    static let zeroTime = "0001-01-01T00:00:00Z"

    init(_ notification: Notification, extras: NotificationExtras = NotificationExtras()) {
        var labels = [Label("alertname", notification.rule), Label("metric", notification.metric)]
        for label in notification.labels where !labels.contains(where: { $0.name == label.name }) {
            labels.append(label)
        }
        self.labels = Self.sorted(labels)
        var annotations = [Label("summary", notification.message)]
        if notification.value.isFinite { annotations.append(Label("value", DisplayNumber.format(notification.value))) }
        if notification.threshold.isFinite { annotations.append(Label("threshold", DisplayNumber.format(notification.threshold))) }
        // Every metric and expression the condition involved, e.g. `btc.usd = 92000, sma(btc.usd, 200d) = 85000`.
        if !notification.values.isEmpty { annotations.append(Label("values", ObservedValue.text(notification.values))) }
        if let url = extras.silenceURL { annotations.append(Label("silence_url", url)) }
        self.annotations = Self.sorted(annotations)
    }

    /// Alertmanager's fingerprint of the label set (Prometheus `LabelSet.Fingerprint`): FNV-1a
    /// 64 over each sorted name and value, each followed by the byte 0xFF, as 16 hex digits. The
    /// same alert therefore has the same fingerprint here as it would in Alertmanager.
    var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for label in labels {
            label.name.utf8.forEach(add)
            add(0xFF)
            label.value.utf8.forEach(add)
            add(0xFF)
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Label sets in byte order of the names, as Go sorts them.
    private static func sorted(_ labels: [Label]) -> [Label] {
        labels.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
