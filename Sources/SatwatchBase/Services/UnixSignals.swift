@preconcurrency import Dispatch
import Glibc

/// Unix signals as an `AsyncSequence`: the default action of each listed signal is replaced by
/// delivery into the sequence. Dispatch sources do the low-level work (as swift-service-lifecycle
/// does); handlers are `@Sendable` and live in the library, never in `main` (a main-actor
/// closure there crashes at runtime, see the platform notes).
package struct UnixSignals: AsyncSequence, Sendable {
    package typealias Element = UnixSignal

    private let stream: AsyncStream<UnixSignal>

    /// Starts listening for `signals`.
    package init(_ signals: [UnixSignal]) {
        let queue = DispatchQueue(label: "satwatch.signals")
        let (stream, continuation) = AsyncStream.makeStream(of: UnixSignal.self, bufferingPolicy: .bufferingNewest(8))
        let sources: [any DispatchSourceSignal] = signals.map { signal in
            Glibc.signal(signal.rawValue, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal.rawValue, queue: queue)
            source.setEventHandler { continuation.yield(signal) }
            source.resume()
            return source
        }
        let box = SourceBox(sources)
        continuation.onTermination = { _ in box.cancel() }
        self.stream = stream
    }

    package func makeAsyncIterator() -> AsyncStream<UnixSignal>.Iterator { stream.makeAsyncIterator() }
}

/// Keeps the dispatch sources alive until the sequence ends.
private final class SourceBox: @unchecked Sendable {
    // Written once in init, then only read from `cancel`; Dispatch sources are thread-safe.
    private let sources: [any DispatchSourceSignal]
    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }
    func cancel() { for source in sources { source.cancel() } }
}
