/// What a rule's `labels` may be called: Prometheus label names (`[a-zA-Z_][a-zA-Z0-9_]*`, so
/// Alertmanager and webhook receivers keep them), minus the ones satwatch sets itself.
package enum LabelName {
    /// Labels every rule notification carries already (`alertname` = the rule, `metric`); a
    /// rule's own value would be dropped.
    package static let reserved: Set<String> = ["alertname", "metric"]

    /// Why `name` cannot be a rule label, or nil when it can.
    package static func problem(_ name: String) -> String? {
        if reserved.contains(name) {
            return "label \"\(name)\" is set by satwatch itself; choose another name"
        }
        if name.hasPrefix("__") {
            return "label names starting with \"__\" are reserved by Prometheus"
        }
        guard !isValid(name) else { return nil }
        var message = "invalid label name \"\(name)\" (letters, digits and \"_\", not starting with a digit"
        let fixed = suggestion(for: name)
        if let fixed, isValid(fixed), !reserved.contains(fixed) { message += "; did you mean \"\(fixed)\"?" }
        return message + ")"
    }

    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// `sev-level` → `sev_level`: every other character becomes `_`, and a leading digit gets one.
    private static func suggestion(for name: String) -> String? {
        guard !name.isEmpty else { return nil }
        let mapped = String(name.unicodeScalars.map { isValid("a" + String($0)) ? Character($0) : "_" })
        return mapped.first?.isNumber == true ? "_" + mapped : mapped
    }
}
