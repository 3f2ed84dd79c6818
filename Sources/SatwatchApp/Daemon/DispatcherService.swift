import SatwatchBase
import SatwatchDelivery

/// Runs the dispatcher as a service of the generation.
struct DispatcherService: Service {
    let dispatcher: Dispatcher
    var name: String { "dispatcher" }
    func run() async throws { await dispatcher.run() }
}
