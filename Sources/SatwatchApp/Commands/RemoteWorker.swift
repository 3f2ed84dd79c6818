import SatwatchBase
import SatwatchJSON
import SatwatchNet

/// A worker reached through its HTTP API (`--url http://host:9464`, or `$SATWATCH_URL`, as
/// amtool takes `--alertmanager.url` or `$ALERTMANAGER_URL`): what `status`, `history` and
/// `silence` read and write instead of a state file on this machine. Writes carry the worker's
/// `http.token` as a bearer token: `$SATWATCH_TOKEN` (`--env-file` can set it), else the token of
/// the config named by `--config`.
struct RemoteWorker {
    /// The API's root, e.g. `http://host:9464` (no trailing slash).
    let url: String
    /// The bearer token, when one is known.
    let token: String?
    private let client = HTTPClient(maxResponseBytes: 16 << 20, connectTimeout: .seconds(5))

    /// Why a request gave nothing usable, worded for the user (the caller exits 1 with it).
    struct Failure: Error {
        let message: String
    }

    /// The worker `--url` or `$SATWATCH_URL` names; nil when neither is set (the command reads
    /// the local state file then).
    static func named(by parsed: ArgumentList, io: CommandIO) throws(UsageError) -> RemoteWorker? {
        guard var url = parsed[option: "url"] ?? io.environment["SATWATCH_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        while url.hasSuffix("/") { url.removeLast() }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard ["http", "https"].contains(scheme), url.dropFirst(scheme.count).hasPrefix("://"), url.count > scheme.count + 3,
              !url.contains(where: \.isWhitespace) else {
            throw UsageError("--url takes the worker's address, e.g. http://127.0.0.1:9464, found \"\(url)\"")
        }
        return RemoteWorker(url: url, token: try token(parsed, io: io))
    }

    /// `$SATWATCH_TOKEN`, else `http.token` of the config `--config` names (its other problems
    /// do not matter here).
    private static func token(_ parsed: ArgumentList, io: CommandIO) throws(UsageError) -> String? {
        if let token = io.environment["SATWATCH_TOKEN"], !token.isEmpty { return token }
        guard let path = parsed[option: "config"] else { return nil }
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment(io.environment), logger: Logger(level: .error, sink: { _ in }),
                                       log: log, secrets: .none)
        guard let config else { throw UsageError("cannot read the token from \(path): \(log.diagnostics.first?.description ?? "unreadable")") }
        return config.page.token
    }

    /// Creates a client of the worker at `url`.
    init(url: String, token: String?) {
        self.url = url
        self.token = token
    }

    /// `GET path` (with its query): the JSON it answers.
    func get(_ path: String) async throws(Failure) -> JSONNode {
        let (status, body) = try await send("GET", path)
        guard status == 200, let body else { throw failure(status, body) }
        return body
    }

    /// `method path` with `body` as JSON: the status and the JSON answered (nil for none). A
    /// 401 or 403 is thrown as a `Failure` saying what to do about the token; other statuses
    /// are the caller's.
    func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws(Failure) -> (Int, JSONNode?) {
        var headers = HTTPHeaders()
        if let token { headers.add("Authorization", "Bearer \(token)") }
        if body != nil { headers.add("Content-Type", "application/json") }
        let request = HTTPRequest(method: method, url: url + path, headers: headers, body: Array((body?.jsonText() ?? "").utf8),
                                  timeout: .seconds(15), userAgent: "satwatch/\(SatwatchVersion.current)")
        let response: HTTPResponse
        do { response = try await client.send(request) } catch {
            throw Failure(message: "cannot reach the worker at \(url): \(error.message) "
                          + "(is it running, with \"http.listen\" on that address and reachable from here?)")
        }
        let json = response.body.isEmpty ? nil : try? JSONParser.parse(response.body, positions: false)
        if response.status == 401 || response.status == 403 { throw failure(response.status, json) }
        return (response.status, json)
    }

    /// The failure for an answer that is not what was asked for, with the API's own message.
    func failure(_ status: Int, _ body: JSONNode?) -> Failure {
        let said = body?["error"]?.string.map { ": \($0)" } ?? ""
        switch status {
        case 401 where token == nil:
            return Failure(message: "the worker at \(url) needs its http.token for this (401\(said)): "
                           + "set SATWATCH_TOKEN, pass --env-file FILE with it, or --config F naming it")
        case 401:
            return Failure(message: "the worker at \(url) refused the token (401\(said)): "
                           + "SATWATCH_TOKEN (or the config's http.token) must be the worker's http.token")
        default:
            return Failure(message: "the worker at \(url) answered \(status)\(said)")
        }
    }

    /// `?name=value&…` of the pairs whose value is set, percent-encoded; empty when none is.
    static func query(_ pairs: [(String, String?)]) -> String {
        let set = pairs.compactMap { name, value in value.map { "\(name)=\(URLQueryEncoding.encode($0))" } }
        return set.isEmpty ? "" : "?" + set.joined(separator: "&")
    }
}
