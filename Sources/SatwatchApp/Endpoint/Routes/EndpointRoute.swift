import SatwatchBase
import SatwatchNet

/// One path (or a family of paths) the endpoint serves. A new page or API resource is one type
/// conforming to this, listed in `EndpointPages.routes`.
protocol EndpointRoute: Sendable {
    /// The paths it serves: exact, or every path under one ending in `/` (`/` itself is exact).
    var paths: [String] { get }
    /// The methods it answers; `GET` answers `HEAD` too.
    var methods: [String] { get }
    /// Whether it is answered at once, on the server's own thread: only a route whose work is
    /// small and does not grow with the rules, series or state (`/healthz`). Every other one is
    /// answered later, off that thread (`EndpointPages.reply(to:)`), so no request can hold it.
    var answersAtOnce: Bool { get }
    /// How long answering may wait for the state file; nil when it does not use the file. A
    /// route that does is answered on the file's own thread (`EndpointStore.answer`), never the
    /// server's, and answers `unanswered` once this has passed.
    var stateFileBudget: TimeSpan? { get }
    /// The answer to `request` (its method one of `methods`), from `pages`.
    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse
    /// The answer when the state file did not answer within `stateFileBudget`; `begun` tells
    /// whether the request's work had started (a change may then still be made).
    func unanswered(_ request: HTTPServerRequest, pages: EndpointPages, begun: Bool) -> HTTPServerResponse
}

extension EndpointRoute {
    var methods: [String] { ["GET"] }
    var answersAtOnce: Bool { false }
    var stateFileBudget: TimeSpan? { nil }

    /// A JSON 503 saying the state file did not answer in time.
    func unanswered(_ request: HTTPServerRequest, pages: EndpointPages, begun: Bool) -> HTTPServerResponse {
        EndpointPages.problem(503, EndpointPages.stateFileBusy(request, within: stateFileBudget ?? .zero, begun: begun))
    }

    /// Whether it serves `path`.
    func serves(_ path: String) -> Bool {
        paths.contains { $0 == path || ($0.count > 1 && $0.hasSuffix("/") && path.hasPrefix($0) && path.count > $0.count) }
    }
}
