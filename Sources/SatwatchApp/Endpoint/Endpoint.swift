import SatwatchBase
import SatwatchNet
import Synchronization

/// The worker's HTTP endpoint: the page (`/`), the JSON API (`/api/v1/`), `/healthz` and
/// `/metrics` (`EndpointPages.routes`). Loopback by default (`http.listen`).
///
/// It lives as long as the worker, across reloads, like the feeds and the boards: a reload that
/// leaves `http.listen` alone keeps the listener (a probe never finds the port closed), and only
/// swaps what the routes answer from; one that changes it binds the new address before the old
/// one closes (on the same port, which the old one holds, just after), and one that cannot bind
/// it is refused with the running config kept.
final class Endpoint: Sendable {
    private let boards: Boards
    private let store: EndpointStore
    /// Where the API routes that do not use the state file are answered (`EndpointPages.work`).
    private let work = EndpointPages.work()
    private let logger: Logger
    /// What requests are answered from: the current setup's pages. Every listener reads it.
    private let pages = CurrentPages()
    /// The listener and the address it was asked for; nil without `http.listen`.
    private let listener = Mutex<(listen: ListenAddress, server: HTTPServer)?>(nil)

    /// An endpoint over the state file at `statePath` (which a reload cannot change), serving
    /// nothing until `serve(_:)`.
    init(statePath: String, boards: Boards, logger: Logger) {
        self.boards = boards
        self.store = EndpointStore(path: statePath)
        self.logger = logger
    }

    /// Serves `setup`: its pages from now on, on its `http.listen`. The listener is kept when the
    /// address is unchanged; a new address is bound first, then the old listener closes.
    ///
    /// - Throws: `EndpointError` when the new address cannot be bound; nothing changes then.
    func serve(_ setup: Setup) async throws {
        let config = setup.config
        var next = EndpointPages(boards: boards, feeds: config.feeds, store: store, work: work, redactor: config.redactor,
                                 settings: config.page)
        next.derivedMetrics = config.derived.map(\.name)
        next.channels = config.channelAndQueueNames
        next.queues = Dictionary(config.channels.values.flatMap(\.queues).map { ($0.name, $0.summary) }) { first, _ in first }
        let current = listener.withLock { $0 }
        guard let listen = config.httpListen else {
            pages.value.withLock { $0 = next }
            listener.withLock { $0 = nil }
            await current?.server.stop()
            return
        }
        if let current, current.listen == listen {
            pages.value.withLock { $0 = next }
            return
        }
        let previous = pages.value.withLock { $0 }
        // A first listener answers from the new pages at once; a replacing one from the old ones
        // until the swap below, like the listener it replaces.
        if current == nil { pages.value.withLock { $0 = next } }
        let server: HTTPServer
        var replaced = false
        do {
            server = try listening(on: listen)
        } catch let error where error.addressInUse && current.map({ $0.listen.port == listen.port && listen.port != 0 }) == true {
            // The same port on another spelling or a wider address (`127.0.0.1:9464` → `:9464`):
            // our own listener holds it, so the new one binds only once the old one has closed.
            // Should the new one still fail, the old address is bound again.
            await current?.server.stop()
            replaced = true
            do {
                server = try listening(on: listen)
            } catch {
                pages.value.withLock { $0 = previous }
                let restored = current.flatMap { try? listening(on: $0.listen) }
                listener.withLock { $0 = restored.map { (current!.listen, $0) } }
                if restored == nil { logger.error("http endpoint closed: its address could not be bound again", ["address": current!.listen.description]) }
                throw EndpointError(description: "http endpoint: \(error.description)")
            }
        } catch {
            pages.value.withLock { $0 = previous }
            throw EndpointError(description: "http endpoint: \(error.description)")
        }
        pages.value.withLock { $0 = next }
        listener.withLock { $0 = (listen, server) }
        // The port bound, not the one asked for: with port 0 the system picks one.
        var bound = listen
        bound.port = server.port
        logger.info("http endpoint listening", ["address": bound.description])
        if !replaced { await current?.server.stop() }
    }

    /// A listener on `listen` answering from the current pages.
    private func listening(on listen: ListenAddress) throws(HTTPServer.StartError) -> HTTPServer {
        try HTTPServer(host: listen.host, port: listen.port) { [pages] request in
            guard let current = pages.value.withLock({ $0 }) else { return .now(HTTPServerResponse(status: 503, body: "starting\n")) }
            return current.reply(to: request)
        }
    }

    /// Closes the listener and the endpoint's state file connection (the worker is stopping).
    func stop() async {
        let current = listener.withLock { listener in
            defer { listener = nil }
            return listener
        }
        await current?.server.stop()
        // The last connection to close checkpoints the WAL and removes it: before the process
        // exits, not whenever the server thread's closure happens to be freed.
        await store.close()
    }

    /// The pages every listener answers from, swapped by each `serve(_:)`.
    private final class CurrentPages: Sendable {
        let value = Mutex<EndpointPages?>(nil)
    }

    /// The endpoint could not listen.
    struct EndpointError: Error, CustomStringConvertible { var description: String }
}
