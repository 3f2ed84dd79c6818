/// Something found while loading that does not stop the config from working but that the user
/// should know about (a rule file link that leads nowhere, no rules at all). Printed by `check`
/// as `path: warning: message` (it does not fail the check) and logged by the worker at start
/// and reload.
package struct LoadWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file or folder it is about, as the user can find it.
    package var path: String
    /// What was found, in a short lowercase sentence.
    package var message: String

    /// Creates a warning about `path`.
    package init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): warning: \(message)" }
}
