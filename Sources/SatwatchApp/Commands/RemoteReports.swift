import SatwatchBase
import SatwatchJSON

/// `status --url URL` and `history --url URL`: what the worker's API tells, shown as the
/// commands show the state file. The API has rules and silences but no delivery queues, so a
/// remote `status` shows those two; `history` shows the same lines as on the worker's machine.
struct RemoteReports {
    let worker: RemoteWorker
    let io: CommandIO

    /// `status`: every rule's line (`/api/v1/rules`) and the running silences; `--json`: one
    /// object `{"worker","rules","silences"}` whose rules and silences read as a local
    /// `status --json` writes them, so one script reads either.
    func status(json: Bool) async -> Int32 {
        do {
            let rules = try await worker.get("/api/v1/rules")
            let silences = try await worker.get("/api/v1/silences")
            // 503 while a feed is stale, with the same fields.
            let rejection = try await worker.send("GET", "/healthz").1?["last_reload_rejected"]
            // The feeds' alerts need the stored values' times (`feed data at …`), which the API
            // does not give: they are `status`'s lines on the worker's machine.
            let ruleLines = (rules.array ?? []).compactMap(StatusRuleLine.init(api:))
                .filter { !FeedStaleMonitor.names($0.name) }
            if json {
                io.out(JSONValue.members([("worker", .string(worker.url)), ("rules", .list(ruleLines.map(\.json))),
                                          ("silences", silences.value), ("last_reload_rejected", rejection?.value ?? .null)])
                    .prettyJSONText())
                return 0
            }
            let now = WallClock.now()
            var lines = ["worker: \(worker.url)"]
            if let at = rejection?["at"]?.string, let problem = rejection?["problem"]?.string {
                lines.append(StatusReport.line(rejectedAt: at, problem: problem))
            }
            lines += ["", "RULES"]
            lines += ruleLines.isEmpty ? ["  (no rules)"] : StatusReport.columns(ruleLines.map(\.cells))
            let running = (silences.array ?? []).compactMap(SilenceText.silence)
            if !running.isEmpty {
                lines += ["", "SILENCES"]
                lines += SilenceText.table(running, now: now)
            }
            io.out(lines.joined(separator: "\n"))
            return 0
        } catch {
            io.err("satwatch status: \(error.message)")
            return 1
        }
    }

    /// `history`: `/api/v1/history` filtered by the worker, in `history`'s columns or as its
    /// JSON. Without `--since`, everything the worker keeps.
    func history(since: String?, rule: String?, channel: String?, json: Bool) async throws(UsageError) -> Int32 {
        let query = RemoteWorker.query([("since", since ?? Self.everything), ("rule", rule), ("channel", channel)])
        let (status, answer): (Int, JSONNode?)
        do {
            (status, answer) = try await worker.send("GET", "/api/v1/history" + query)
        } catch {
            io.err("satwatch history: \(error.message)")
            return 1
        }
        // A channel the worker does not know is refused there as it is here: a usage error.
        if status == 422, let message = answer?["error"]?.string { throw UsageError(message) }
        guard status == 200, let log = answer else {
            io.err("satwatch history: \(worker.failure(status, answer).message)")
            return 1
        }
        io.out(json ? log.value.prettyJSONText() : Self.historyText(log.array ?? []))
        return 0
    }

    /// A span longer than any `state_retention`: "all of it" for an API that wants a span.
    static let everything = "36500d"

    /// `history`'s columns (see `HistoryReport.text`) from its JSON.
    static func historyText(_ log: [JSONNode]) -> String {
        guard !log.isEmpty else { return "  (no notifications)" }
        var rows = [["#ID", "AT", "RULE", "STATUS", "VALUE", "CHANNEL", "OUTCOME", "WHEN", "ATTEMPTS", "ERROR"]]
        for entry in log {
            let status = entry["reminder"]?.bool == true ? "reminder" : entry["status"]?.string ?? ""
            let head = [entry["at"]?.string ?? "", entry["rule"]?.string ?? "", status,
                        entry["value"]?.number.map(DisplayNumber.format) ?? ""]
            let deliveries = entry["deliveries"]?.array ?? []
            guard !deliveries.isEmpty else {
                rows.append(["-"] + head + ["-", "none"])
                continue
            }
            for delivery in deliveries {
                let outcome = delivery["outcome"]?.string ?? ""
                rows.append(["#\(delivery["id"]?.number.map { Int($0) } ?? 0)"] + head
                            + [delivery["channel"]?.string ?? "", outcome, when(delivery, outcome: outcome),
                               Plural.count(Int(delivery["attempts"]?.number ?? 0), "attempt"), delivery["error"]?.string ?? ""])
            }
        }
        return StatusReport.columns(rows).joined(separator: "\n")
    }

    /// As `HistoryReport.when`, from a delivery's JSON.
    private static func when(_ delivery: JSONNode, outcome: String) -> String {
        let time = { (key: String) in delivery[key]?.string ?? "" }
        switch outcome {
        case "sent": return "at \(time("sent_at"))"
        case "pending":
            return delivery["held"]?.string.map { "held (\($0)) until \(time("held_until"))" } ?? "next try \(time("next_attempt_at"))"
        case "dead": return "since \(time("dead_since"))"
        default: return "since \(time("\(outcome)_at"))"
        }
    }
}
