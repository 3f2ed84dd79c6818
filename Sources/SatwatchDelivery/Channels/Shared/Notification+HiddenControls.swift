import SatwatchBase
import SatwatchRules

extension Notification {
    /// The notification with its free text (the message, which holds what feeds wrote, and the
    /// labels' values) cleared of hidden controls, as people will read it. Names (rule, metric,
    /// label names) cannot hold them: `check` refuses them.
    var withoutHiddenControls: Notification {
        var readable = self
        readable.message = HiddenControls.removing(from: message)
        readable.labels = labels.map { Label($0.name, HiddenControls.removing(from: $0.value)) }
        return readable
    }
}
