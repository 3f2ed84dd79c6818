import SatwatchJSON
import SatwatchNet
import Synchronization

/// The worker's HTTP endpoint: the page (`/`), the JSON API (`/api/v1/`), `/healthz` and
/// `/metrics` (`EndpointPages.routes`). Loopback by default (`http.listen`).
struct EndpointService: Service {
    let server: HTTPServer
    let store: EndpointStore
    var name: String { "http endpoint" }

    init(listen: ListenAddress, boards: Boards, feeds: [FeedConfig], statePath: String, redactor: Redactor,
         settings: PageSettings = PageSettings(), logger: Logger) throws {
        let store = EndpointStore(path: statePath)
        self.store = store
        let pages = EndpointPages(boards: boards, feeds: feeds, store: store, redactor: redactor, settings: settings)
        do {
            server = try HTTPServer(host: listen.host, port: listen.port) { request in pages.respond(to: request) }
        } catch {
            throw EndpointError(description: "http endpoint: \(error.description)")
        }
        // The port bound, not the one asked for: with port 0 the system picks one.
        var bound = listen
        bound.port = server.port
        logger.info("http endpoint listening", ["address": bound.description])
    }

    func run() async throws {
        // The server runs on its own thread; this task only holds it open until cancelled, then
        // awaits (suspended, not blocking a pool thread) that thread closing every socket.
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        await server.stop()
        store.close()
    }

    struct EndpointError: Error, CustomStringConvertible { var description: String }
}
