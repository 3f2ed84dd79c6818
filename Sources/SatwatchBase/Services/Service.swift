/// A long-running part of the daemon (a feed, the evaluator, the dispatcher, the HTTP endpoint).
/// `run` returns when its task is cancelled (graceful shutdown) or throws on a fatal error.
package protocol Service: Sendable {
    /// Name for logs.
    var name: String { get }
    /// Runs until cancelled.
    func run() async throws
}

/// Runs services as child tasks of one task group. When any service ends or throws, or the
/// surrounding task is cancelled, every other service is cancelled and awaited.
package struct ServiceGroup: Sendable {
    /// How a group ended by itself: the first service that stopped, and its error.
    package struct Ending: Sendable, Equatable {
        /// The service's name.
        package var service: String
        /// What it threw; nil when it returned without being asked to.
        package var error: String?
    }

    private let services: [any Service]

    /// Creates a group of `services`.
    package init(_ services: [any Service]) {
        self.services = services
    }

    /// Runs all services until one stops or the caller's task is cancelled. Returns the service
    /// that ended the group, or nil when it was cancelled.
    package func run() async -> Ending? {
        await withTaskGroup(of: Ending?.self) { group in
            for service in services {
                group.addTask {
                    do {
                        try await service.run()
                        return Task.isCancelled ? nil : Ending(service: service.name, error: nil)
                    } catch {
                        return Task.isCancelled ? nil : Ending(service: service.name, error: "\(error)")
                    }
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
