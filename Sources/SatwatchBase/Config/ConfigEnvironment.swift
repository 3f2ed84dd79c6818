import Synchronization

/// Expands `${NAME}` in config strings from the process environment and remembers every value it
/// substituted: they join the config's `Redactor`.
/// `$$` stands for a literal `$`.
package final class ConfigEnvironment: Sendable {
    /// An unset variable, and where its `${` starts (in Unicode scalars) within the string.
    package struct Unset: Error, Equatable {
        /// The variable name.
        package var name: String
        /// Offset of `${` within the string.
        package var offset: Int
    }

    private let variables: [String: String]
    private let substituted = Mutex<Set<String>>([])

    /// Creates an environment from `variables` (the process environment in production).
    package init(_ variables: [String: String]) { self.variables = variables }

    /// Every non-empty value substituted so far: secrets to redact from logs.
    package var secrets: Set<String> { substituted.withLock { $0 } }

    /// `text` with every `${NAME}` replaced, or the first unset variable.
    package func expand(_ text: String) -> Result<String, Unset> {
        guard text.contains("$") else { return .success(text) }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "$" {
                output.append("$")
                index += 2
            } else if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{",
                      let close = scalars[(index + 2)...].firstIndex(of: "}") {
                var nameView = String.UnicodeScalarView()
                nameView.append(contentsOf: scalars[(index + 2)..<close])
                let name = String(nameView)
                guard let value = variables[name] else { return .failure(Unset(name: name, offset: index)) }
                if !value.isEmpty { substituted.withLock { _ = $0.insert(value) } }
                output.append(contentsOf: value.unicodeScalars)
                index = close + 1
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return .success(String(output))
    }
}
