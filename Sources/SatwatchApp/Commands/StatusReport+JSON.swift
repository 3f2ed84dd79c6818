import SatwatchBase
import SatwatchJSON
import SatwatchState

extension StatusReport {
    /// `status --json`: the same content as the text, as one object:
    /// `{"state_file","rules":[{"name","state","since","last_value","waiting"}],
    /// "metrics":[{"metric","source","value","at"}],
    /// "deliveries":[{"channel","pending","sent","dead","next":{"id","at"}|null}],
    /// "pending_and_dead":[{"id","channel","rule","status","state","attempts",
    /// "next_attempt_at"|"dead_since","error"}]}`. Absent facts are `null`, never left out.
    func json(statePath: String) -> JSONValue {
        .members([
            ("state_file", .string(statePath)),
            ("rules", .list(ruleLines.map { line in
                .members([("name", .string(line.name)), ("state", .string(line.state)),
                          ("since", Self.time(line.since)), ("last_value", line.lastValue.map { .number($0) } ?? .null),
                          ("waiting", line.waiting.map { .string($0) } ?? .null)])
            })),
            ("metrics", .list(metrics.map { sample in
                .members([("metric", .string(sample.metric)), ("source", .string(sample.source)),
                          ("value", .number(sample.value)), ("at", .string(sample.at.rfc3339))])
            })),
            ("deliveries", .list(counts.sorted { $0.key < $1.key }.map { channel, count in
                .members([("channel", .string(channel)), ("pending", .number(Double(count.pending))),
                          ("sent", .number(Double(count.sent))), ("dead", .number(Double(count.dead))),
                          ("next", heads[channel].map { .members([("id", .number(Double($0.id))),
                                                                   ("at", .string($0.nextAttemptAt.rfc3339))]) } ?? .null)])
            })),
            ("pending_and_dead", .list(entries.map(json))),
        ])
    }

    private func json(_ entry: OutboxEntry) -> JSONValue {
        let when: (String, Timestamp) = entry.state == .pending ? ("next_attempt_at", entry.nextAttemptAt)
                                                                : ("dead_since", entry.updatedAt)
        return .members([
            ("id", .number(Double(entry.id))), ("channel", .string(entry.channel)),
            ("rule", .string(entry.notification.rule)), ("status", .string(entry.notification.status.rawValue)),
            ("state", .string(entry.state.rawValue)), ("attempts", .number(Double(entry.attempts))),
            (when.0, .string(when.1.rfc3339)),
            ("error", entry.lastError.map { .string(redactor.redact($0)) } ?? .null),
        ])
    }

    private static func time(_ at: Timestamp?) -> JSONValue { at.map { .string($0.rfc3339) } ?? .null }
}
