/// Runs services as child tasks of one task group. When any service ends or throws, or the
/// surrounding task is cancelled, every other service is cancelled and awaited.
public struct ServiceGroup: Sendable {
    private let services: [any Service]
    private let logger: Logger

    /// Creates a group of `services`.
    public init(_ services: [any Service], logger: Logger) {
        self.services = services
        self.logger = logger
    }

    /// Runs all services until one stops or the caller's task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask {
                    do {
                        try await service.run()
                        if !Task.isCancelled { logger.warn("service stopped", ["service": service.name]) }
                    } catch is CancellationError {
                    } catch {
                        logger.error("service failed", ["service": service.name, "error": "\(error)"])
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
