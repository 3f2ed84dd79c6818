import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchRules
import SatwatchState

/// The text `satwatch status` prints: plain aligned columns, one section each.
struct StatusReport {
    var rules: [String]
    var feeds: [FeedKind]
    var states: [String: RuleState]
    var metrics: [Sample]
    var counts: [String: OutboxCounts]
    var entries: [OutboxEntry]
    /// Hides secrets in stored errors, including rows written before errors were redacted.
    var redactor: Redactor
    /// Each channel's next delivery (the one due first), by channel.
    var heads: [String: OutboxEntry] = [:]
    /// Rules loaded but not evaluated (`"disabled": true`): shown as `disabled`, whatever state
    /// they kept from before.
    var disabled: Set<String> = []
    /// Silences not ended yet, and the time they are shown at.
    var silences: [Silence] = []
    /// The worker's last reload, when it was rejected and none succeeded since.
    var reloadRejection: ReloadRejectionStore.Rejection?
    var now = WallClock.now()

    var text: String {
        var lines = reloadRejection.map { [Self.line(rejectedAt: $0.at.rfc3339, problem: redactor.redact($0.problem))] } ?? []
        lines += ["", "RULES"]
        lines += Self.columns(ruleLines.map(\.cells))
        lines += ["", "METRICS"]
        lines += metrics.isEmpty ? ["  (none recorded yet)"] : Self.columns(metrics.map {
            [$0.metric, $0.source, DisplayNumber.format($0.value), $0.at.rfc3339]
        })
        lines += ["", "DELIVERIES"]
        lines += counts.isEmpty ? ["  (nothing queued yet)"] : Self.columns(counts.sorted { $0.key < $1.key }.map {
            [$0.key, "\($0.value.pending) pending", "\($0.value.sent) sent", "\($0.value.dead) dead"]
                + ($0.value.silenced > 0 ? ["\($0.value.silenced) silenced"] : [])
                + [heads[$0.key].map { "next #\($0.id) at \($0.nextAttemptAt.rfc3339)" } ?? ""]
        })
        if !silences.isEmpty {
            lines += ["", "SILENCES"]
            lines += SilenceText.table(silences, now: now)
        }
        if !entries.isEmpty {
            lines += ["", "PENDING AND DEAD"]
            lines += Self.columns(entries.map { entry in
                let when = entry.state != .pending ? "dead since \(entry.updatedAt.rfc3339)"
                    : entry.holdKind.map { "held (\($0)) until \(entry.nextAttemptAt.rfc3339)" } ?? "next try \(entry.nextAttemptAt.rfc3339)"
                return ["#\(entry.id)", entry.channel, entry.notification.rule, entry.notification.status.rawValue,
                        entry.state.rawValue, Plural.count(entry.attempts, "attempt"), when, entry.lastError.map { "error: \(redactor.redact($0))" } ?? ""]
            })
        }
        return lines.joined(separator: "\n")
    }

    /// Every rule, then each feed's staleness alert with when the feed's newest stored value
    /// was taken, as one line each.
    var ruleLines: [StatusRuleLine] {
        rules.map { StatusRuleLine(name: $0, state: states[$0], disabled: disabled.contains($0)) }
            + feeds.map { feed in
                let name = FeedStaleMonitor.ruleName(feed)
                var line = StatusRuleLine(name: name, state: states[name], disabled: false)
                line.watchesFeed = true
                line.feedDataAt = metrics.filter { $0.source == feed.rawValue }.map(\.at).max()
                return line
            }
    }

    /// The line said while the worker's last reload stands rejected (`problem` without secrets).
    static func line(rejectedAt at: String, problem: String) -> String {
        "last reload rejected at \(at): \(problem) (the worker runs its previous config and rules; 'satwatch check' shows every problem)"
    }

    /// Left-aligned columns, two spaces apart, indented by two.
    static func columns(_ rows: [[String]]) -> [String] {
        guard let width = rows.map(\.count).max() else { return [] }
        let widths = (0..<width).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = "  "
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}

extension StatusReport {
    /// `status --json`: the same content as the text, as one object:
    /// `{"state_file","rules":[{"name","state","since","last_value","waiting"}],
    /// "metrics":[{"metric","source","value","at"}],
    /// "deliveries":[{"channel","pending","sent","dead","silenced","next":{"id","at"}|null}],
    /// "silences":[…as `silence list --json`…], "last_reload_rejected":{"at","problem"}|null,
    /// "pending_and_dead":[{"id","channel","rule","status","state","attempts",
    /// "next_attempt_at"|"dead_since","held"?,"held_until"?,"error"}]}` (`held` and `held_until`
    /// while a stage holds it). Absent facts are `null`, never left out.
    func json(statePath: String) -> JSONValue {
        .members([
            ("state_file", .string(statePath)),
            ("rules", .list(ruleLines.map(\.json))),
            ("metrics", .list(metrics.map { sample in
                .members([("metric", .string(sample.metric)), ("source", .string(sample.source)),
                          ("value", .number(sample.value)), ("at", .string(sample.at.rfc3339))])
            })),
            ("deliveries", .list(counts.sorted { $0.key < $1.key }.map { channel, count in
                .members([("channel", .string(channel)), ("pending", .number(Double(count.pending))),
                          ("sent", .number(Double(count.sent))), ("dead", .number(Double(count.dead))),
                          ("silenced", .number(Double(count.silenced))),
                          ("next", heads[channel].map { .members([("id", .number(Double($0.id))),
                                                                   ("at", .string($0.nextAttemptAt.rfc3339))]) } ?? .null)])
            })),
            ("silences", .list(silences.map { SilenceText.json($0, now: now) })),
            ("last_reload_rejected", reloadRejection.map { rejection in
                .members([("at", .string(rejection.at.rfc3339)), ("problem", .string(redactor.redact(rejection.problem)))])
            } ?? .null),
            ("pending_and_dead", .list(entries.map(json))),
        ])
    }

    private func json(_ entry: OutboxEntry) -> JSONValue {
        let when: (String, Timestamp) = entry.state == .pending ? ("next_attempt_at", entry.nextAttemptAt)
                                                                : ("dead_since", entry.updatedAt)
        var members: [(String, JSONValue)] = [
            ("id", .number(Double(entry.id))), ("channel", .string(entry.channel)),
            ("rule", .string(entry.notification.rule)), ("status", .string(entry.notification.status.rawValue)),
            ("state", .string(entry.state.rawValue)), ("attempts", .number(Double(entry.attempts))),
            (when.0, .string(when.1.rfc3339)),
        ]
        if entry.state == .pending, let kind = entry.holdKind {
            members += [("held", .string(kind.rawValue)), ("held_until", .string(entry.nextAttemptAt.rfc3339))]
        }
        members.append(("error", entry.lastError.map { .string(redactor.redact($0)) } ?? .null))
        return .members(members)
    }
}
