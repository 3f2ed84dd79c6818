import BlockingPool
import Glibc
import WebSocketFraming

/// The one owner of a connection's curl handle: a dedicated thread (`satwatch-ws`) that connects,
/// performs the handshake, then loops on `poll()` over the socket and the outbox's wake-up pipe.
/// Nothing else touches the handle, the decoder or the write queue. Not a pool's: the thread is
/// the connection's for its whole life, so a bounded pool shared by feeds would leave the
/// connections beyond its size waiting for a thread that never frees.
final class WebSocketWorker {
    /// A frame being written; `done` is the `send` call to resume once it is all out.
    struct PendingWrite {
        var bytes: [UInt8]
        var offset = 0
        var done: CheckedContinuation<Void, any Error>?
        var isClose = false
    }

    let url: WebSocketURL
    let options: WebSocketOptions
    let handshake: WebSocketHandshake
    let request: [UInt8]
    let outbox: WebSocketOutbox
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    let backlog: WebSocketBacklog

    var transport: WebSocketTransport?
    var decoder: WebSocketFrameDecoder
    /// Bytes that followed the handshake response, decoded when the loop starts.
    var leftover: [UInt8] = []
    var writes: [PendingWrite] = []
    var closeQueued = false
    var closeInitiatedLocally = false
    /// Our close frame is fully written.
    var closeSent = false
    /// When a queued close gives up waiting: for the socket to take our close frame, or for
    /// the peer's answer to it.
    var closeDeadline: ContinuousClock.Instant?
    var peerClose: (code: UInt16, reason: String)?
    var peerEnded = false
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)

    init(
        url: WebSocketURL, options: WebSocketOptions, handshake: WebSocketHandshake, request: [UInt8],
        outbox: WebSocketOutbox, messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation,
        backlog: WebSocketBacklog
    ) {
        self.url = url
        self.options = options
        self.handshake = handshake
        self.request = request
        self.outbox = outbox
        self.messages = messages
        self.backlog = backlog
        decoder = WebSocketFrameDecoder(maxMessageBytes: options.maxMessageBytes)
    }

    deinit { readBuffer.deallocate() }

    /// Starts the thread, which owns the worker from then on.
    func start() throws(WebSocketError) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let worker = Unmanaged<WebSocketWorker>.fromOpaque(context!).takeRetainedValue()
            BlockingPool.nameThisThread("satwatch-ws")
            worker.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<WebSocketWorker>.fromOpaque(context).release()
            throw .connectionLost("cannot start the connection thread: error \(status)")
        }
        pthread_detach(thread)
    }

    private func run() {
        var outcome: WebSocketError?
        do {
            if try open() {
                // A cancelled `connect` already returned: nobody would read the stream.
                if outbox.resolveReady(nil) { outcome = try loop() } else { sendCloseBestEffort(1001) }
            }
        } catch {
            outcome = error
            sendCloseBestEffort(error.closeCode)
        }
        tearDown(outcome)
    }

    /// Frees the curl handle (closing the socket) first, then tells everyone waiting.
    private func tearDown(_ outcome: WebSocketError?) {
        transport = nil
        let failure = outcome ?? .closed
        for write in writes { write.done?.resume(throwing: failure) }
        writes.removeAll()
        if let outcome { messages.finish(throwing: outcome) } else { messages.finish() }
        outbox.end(failure)
    }

    /// Sends a close frame if it fits in the socket buffer now; used when failing or cancelled,
    /// where waiting for the peer is pointless. Skipped mid-frame, which would corrupt framing.
    func sendCloseBestEffort(_ code: UInt16?) {
        guard let code, let transport, !closeQueued, writes.first.map({ $0.offset == 0 }) ?? true else { return }
        closeQueued = true
        let frame = WebSocketFrameEncoder.close(code: code, reason: "", maskKey: .random(in: .min ... .max))
        _ = frame.withUnsafeBytes { try? transport.send($0) }
    }
}
