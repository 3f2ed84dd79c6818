import Dispatch

/// Runs blocking work on a thread of its own and awaits its result, so that it never holds a
/// thread of Swift's cooperative pool, which has only as many threads as cores (two here) and
/// evaluates every frame: reading and compiling a reload's config and rule files (thousands of
/// rules, a slow disk) is such work.
package enum OwnThread {
    /// Runs `work` on a new serial queue named `label` and returns its result. Such a queue targets
    /// libdispatch's overcommit pool, which starts a thread whenever none is idle, never one of
    /// the cooperative pool's.
    package static func run<Result: Sendable>(_ label: String, _ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: label).async { continuation.resume(returning: work()) }
        }
    }
}
