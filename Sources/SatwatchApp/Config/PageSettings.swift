import SatwatchBase

/// What the endpoint's page and API take from `http` besides `listen`.
package struct PageSettings: Sendable, Equatable {
    /// `http.token`: what `Authorization: Bearer` must carry for a write (adding or expiring a
    /// silence); nil: the API and the page are read-only.
    package var token: String?
    /// `http.external_url`: where users reach the endpoint (`https://alerts.example.com`, no
    /// trailing slash); with it every notification carries a signed "silence 1h" link.
    package var externalURL: String?
    /// `http.token` names a variable that is not set: an error for `run`, which serves the
    /// API, and only a warning for every other command (they serve nothing).
    package var unsetToken: UnsetToken?

    /// The unset variable of `http.token`, and the problem `run` reports for it.
    package struct UnsetToken: Sendable, Equatable {
        /// The variable, e.g. `SATWATCH_TOKEN`.
        package var variable: String
        /// `path:line:column: environment variable … is not set`.
        package var problem: Diagnostic
    }

    /// Settings with neither.
    package init(token: String? = nil, externalURL: String? = nil) {
        self.token = token
        self.externalURL = externalURL
    }
}

extension ConfigLoader {
    /// `http.token` (non-empty, at least 16 characters: it guards writes) and `http.external_url`
    /// (an absolute http or https URL).
    static func loadPageSettings(_ http: inout ConfigObject) -> PageSettings {
        var settings = PageSettings()
        // Read through a log of its own: an unset variable here is kept aside, not reported.
        let tokenLog = DiagnosticLog()
        _ = http.member("token")
        var tokenReader = ConfigObject(http.node, path: http.path, log: tokenLog, environment: http.environment)
        if let token = tokenReader?.string("token") {
            if token.count < 16 {
                http.report("token", "\"token\" must be at least 16 characters (e.g. from `openssl rand -hex 16`)")
            } else if token.contains(where: { $0.isWhitespace || !$0.isASCII }) {
                http.report("token", "\"token\" must be printable ASCII without spaces")
            } else {
                settings.token = token
            }
        }
        for (index, problem) in tokenLog.diagnostics.enumerated() {
            if let variable = tokenLog.unsetVariables[index] {
                settings.unsetToken = PageSettings.UnsetToken(variable: variable, problem: problem)
            } else {
                http.log.append(problem)
            }
        }
        if let url = http.string("external_url") {
            var trimmed = url
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            let scheme = trimmed.prefix { $0 != ":" }.lowercased()
            let rest = trimmed.drop { $0 != ":" }
            if ["http", "https"].contains(scheme), rest.hasPrefix("://"), rest.count > 3, !trimmed.contains(where: \.isWhitespace),
               !trimmed.contains("?"), !trimmed.contains("#") {
                settings.externalURL = trimmed
            } else {
                http.report("external_url", "\"external_url\" must be an http:// or https:// URL without query, e.g. https://alerts.example.com")
            }
        }
        return settings
    }
}
