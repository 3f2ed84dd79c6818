import SatwatchBase
import SatwatchJSON
import SatwatchState

/// `silence add|list|expire --url URL`: the same as on the state file, through the worker's
/// `/api/v1/silences`. A silence is checked here first, so a mistake is the same usage error
/// (exit 2) either way; the worker's refusal of anything else exits 1 with its reason.
struct RemoteSilences {
    let worker: RemoteWorker
    let io: CommandIO

    /// Runs `action` (`add`, `list` or `expire`).
    func run(_ action: String, _ parsed: ArgumentList, now: Timestamp) async throws(UsageError) -> Int32 {
        do {
            switch action {
            case "add": return try await add(parsed, now: now)
            case "list": return try await list(json: parsed.has(flag: "json"), now: now)
            default: return try await expire(parsed.positionals[0])
            }
        } catch let failure as RemoteWorker.Failure {
            io.err("satwatch silence: \(failure.message)")
            return 1
        } catch let usage as UsageError {
            throw usage
        } catch {
            io.err("satwatch silence: \(error)")
            return 1
        }
    }

    private func add(_ parsed: ArgumentList, now: Timestamp) async throws -> Int32 {
        let request = try SilenceRequest(parsed, environment: io.environment, now: now)
        let (rules, matches) = try SilenceRequest.matcherArguments(parsed)
        var body: [(String, JSONValue)] = [
            ("rule", .list(rules.map(JSONValue.string))),
            ("match", .list(matches.map(JSONValue.string))),
            ("comment", .string(request.silence.comment)), ("author", .string(request.silence.author)),
        ]
        if let until = parsed[option: "until"] {
            body.append(("until", .string(until)))
        } else {
            body.append(("for", .string(parsed[option: "for"] ?? SilenceRequest.defaultDuration.text)))
        }
        let (status, answer) = try await worker.send("POST", "/api/v1/silences", body: .members(body))
        guard status == 201, let answer, let silence = SilenceText.silence(answer) else { throw worker.failure(status, answer) }
        SilenceCommand.report(silence, parsed, io: io)
        return 0
    }

    private func list(json: Bool, now: Timestamp) async throws -> Int32 {
        let answer = try await worker.get("/api/v1/silences" + (json ? "?all=1" : ""))
        if json {
            io.out(answer.value.prettyJSONText())
            return 0
        }
        let silences = (answer.array ?? []).compactMap(SilenceText.silence)
        io.out(silences.isEmpty ? "no silences" : SilenceText.table(silences, now: now).joined(separator: "\n"))
        return 0
    }

    /// Ends silence `id` (`SilenceCommand` checked that there is exactly one).
    private func expire(_ id: String) async throws -> Int32 {
        let (status, answer) = try await worker.send("DELETE", "/api/v1/silences/" + URLQueryEncoding.encode(id))
        switch status {
        case 204:
            io.out("expired \(id)")
            return 0
        case 404:
            io.err("satwatch silence: no running silence \(id) at \(worker.url) (see 'satwatch silence list --url \(worker.url)')")
            return 1
        default:
            throw worker.failure(status, answer)
        }
    }
}
