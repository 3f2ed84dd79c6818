import SatwatchBase

extension Logger {
    /// Logs a feed failure as `OutageReport` decided: the first under `first` (warn), later ones
    /// as "feed still failing" with the attempts and the outage's start (warn).
    func feedFailed(_ failure: OutageReport.Failure, first: String, _ fields: LogFields) {
        switch failure {
        case .failed:
            warn(first, fields)
        case .stillFailing(let attempts, let since):
            warn("feed still failing", LogFields([("attempts", "\(attempts)"), ("since", since.rfc3339)] + fields.pairs))
        }
    }

    /// Logs a connect as `OutageReport` decided: "feed connected", or "feed connected again" with
    /// the outage's length, or nothing.
    func feedConnected(_ connect: OutageReport.Connect, _ fields: LogFields) {
        switch connect {
        case .connected:
            info("feed connected", fields)
        case .connectedAgain(let after, let attempts):
            info("feed connected again", LogFields(fields.pairs + [("after", after.text), ("attempts", "\(attempts)")]))
        case .quiet:
            break
        }
    }
}
