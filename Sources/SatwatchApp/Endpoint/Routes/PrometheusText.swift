import SatwatchJSON

/// Builds a Prometheus text exposition (format 0.0.4): `# HELP`, `# TYPE`, then samples.
struct PrometheusText {
    private(set) var text = ""

    /// Starts a metric family.
    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// Adds one sample line.
    mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(Self.escape($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.format(value) + "\n"
    }

    /// Label values escape backslash, double quote and newline.
    static func escape(_ value: String) -> String {
        var output = ""
        for character in value {
            switch character {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            default: output.append(character)
            }
        }
        return output
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return JSONNumberFormat.format(value)
    }
}
