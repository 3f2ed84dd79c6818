import SatwatchNet

/// One path (or a family of paths) the endpoint serves. A new page or API resource is one type
/// conforming to this, listed in `EndpointPages.routes`.
protocol EndpointRoute: Sendable {
    /// The paths it serves: exact, or every path under one ending in `/` (`/` itself is exact).
    var paths: [String] { get }
    /// The methods it answers; `GET` answers `HEAD` too.
    var methods: [String] { get }
    /// The answer to `request` (its method one of `methods`), from `pages`.
    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse
}

extension EndpointRoute {
    var methods: [String] { ["GET"] }

    /// Whether it serves `path`.
    func serves(_ path: String) -> Bool {
        paths.contains { $0 == path || ($0.count > 1 && $0.hasSuffix("/") && path.hasPrefix($0) && path.count > $0.count) }
    }
}
