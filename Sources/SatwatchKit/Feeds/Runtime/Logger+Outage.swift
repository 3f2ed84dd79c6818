extension Logger {
    /// Logs a feed failure as `OutageReport` decided: the first under `first` (warn), later ones
    /// as "feed still failing" with the attempts and the outage's start (warn).
    func feedOutage(_ line: OutageReport.Line, first: String, _ fields: LogFields) {
        switch line {
        case .failed:
            warn(first, fields)
        case .stillFailing(let attempts, let since):
            warn("feed still failing", LogFields([("attempts", "\(attempts)"), ("since", since.rfc3339)] + fields.pairs))
        case .recovered:
            break // `OutageReport.failed` never says this.
        }
    }

    /// Logs a connect: "feed connected again" with the outage's length after one, else "feed connected".
    func feedConnected(_ line: OutageReport.Line?, _ fields: LogFields) {
        if case .recovered(let after, let attempts) = line {
            info("feed connected again", LogFields(fields.pairs + [("after", after.text), ("attempts", "\(attempts)")]))
        } else {
            info("feed connected", fields)
        }
    }
}
