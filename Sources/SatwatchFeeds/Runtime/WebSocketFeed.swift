import SatwatchBase
import SatwatchNet
import Synchronization

/// A streaming feed (mempool, Coinbase, Kraken) kept connected forever: connect, subscribe,
/// forward every frame, probe a quiet stream with the protocol's ping, and reconnect with capped
/// exponential backoff and jitter (reset after a healthy connection). An outage is logged when it
/// starts, now and then while it lasts and once when it ends (`OutageReport`). A connection that
/// reaches the wire's `maxConnectionAge` is renewed at once: no backoff, no outage.
package struct WebSocketFeed: Service {
    let config: FeedConfig
    /// Variable for tests, which shorten `maxConnectionAge`.
    var wire: FeedWire
    let sink: @Sendable (RecordedFrame) -> Void
    let health: FeedHealthBoard
    let logger: Logger
    let backlog: FrameBacklog?
    let backoff = Backoff(initial: .seconds(1), maximum: .seconds(60))
    /// A connection that lasted this long resets the backoff.
    let healthyAfter = TimeSpan.seconds(60)

    package var name: String { "feed \(config.kind.rawValue)" }

    /// Creates the service for `config`, sending events to `sink`, one at a time through `backlog`.
    init(config: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
         sink: @escaping @Sendable (RecordedFrame) -> Void) {
        self.config = config
        self.wire = FeedWire(config)
        self.sink = sink
        self.health = health
        self.logger = logger
        self.backlog = backlog
    }

    package func run() async throws {
        var failures = 0
        var outage = OutageReport()
        let noticed = NoticeLog()
        while !Task.isCancelled {
            let started = ProcessClock.live.now()
            let (reason, wasConnected, renewed) = await session(&outage, noticed: noticed)
            if Task.isCancelled { return }
            if renewed {
                outage.healthy()
                failures = 0
                logger.info("feed renewing connection", ["feed": config.kind.rawValue, "reason": reason])
                continue
            }
            let now = ProcessClock.live.now()
            let lasted = now - started >= healthyAfter
            failures = lasted ? 1 : failures + 1
            if lasted { outage.healthy() }
            let delay = backoff.delay(afterAttempt: failures, random: { Double.random(in: 0..<1) })
            health.update(config.kind) { $0.connected = false; $0.reconnects += 1; $0.lastError = reason }
            let fields: LogFields = ["feed": config.kind.rawValue, "reason": reason, "retry_in": delay.wholeSecondsText]
            outage.failed(at: now).map { logger.feedFailed($0, first: wasConnected ? "feed disconnected" : "feed connect failed", fields) }
            try? await Task.sleep(for: delay.duration)
        }
    }

    /// How many bytes of received frames may wait untaken before the connection stops reading.
    static let untakenBytes = 64 << 10

    /// One connection, from connect to failure or renewal; returns why it ended, whether it was
    /// up and whether it reached its planned age.
    func session(_ outage: inout OutageReport, noticed: NoticeLog = NoticeLog()) async -> (reason: String, connected: Bool, renewed: Bool) {
        let url = wire.url ?? config.url
        let options = WebSocketOptions(url: url, caFile: config.caFile, maxMessageBytes: config.maxFrame.bytes,
                                       // Small frames (a ticker's, a fee push's) may wait untaken up to
                                       // 64 KiB, so the connection's thread reads on rather than stopping
                                       // after each frame to be woken when it is taken: a thread hand-off
                                       // a frame. A large frame still stops it at once; the backlog
                                       // below is what holds a feed back while evaluation is behind.
                                       maxBufferedBytes: Self.untakenBytes,
                                       userAgent: "satwatch/\(SatwatchVersion.current)", proxy: config.proxy)
        let connection: WebSocketConnection
        do {
            connection = try await WebSocketConnection.connect(options)
        } catch {
            return ("\(error)", false, false)
        }
        do {
            for message in wire.openingMessages(noticed.dropped) { try await connection.send(text: message) }
        } catch {
            await connection.close()
            return ("subscribe failed: \(error)", false, false)
        }
        health.update(config.kind) { $0.connected = true; $0.lastError = nil }
        logger.feedConnected(outage.connected(at: ProcessClock.live.now()), ["feed": config.kind.rawValue, "url": url])
        let lastFrame = LastFrameClock()
        let ending = await withTaskGroup(of: (reason: String, renewed: Bool)?.self) { group in
            group.addTask { await self.read(connection, lastFrame: lastFrame, noticed: noticed).map { ($0, false) } }
            group.addTask { await self.watch(connection, lastFrame: lastFrame).map { ($0, false) } }
            if let age = wire.maxConnectionAge {
                group.addTask { await Self.outlive(age).map { ($0, true) } }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        await connection.close()
        return (ending?.reason ?? "stopped", true, ending?.renewed ?? false)
    }

    /// Forwards frames until the stream ends; returns why.
    private func read(_ connection: WebSocketConnection, lastFrame: LastFrameClock, noticed: NoticeLog) async -> String? {
        do {
            for try await message in connection.messages {
                let now = ProcessClock.live.now()
                lastFrame.set(now)
                switch message {
                case .text(let text) where wire.isPong(text):
                    continue
                case .text(let text):
                    switch wire.handle(text) {
                    case .forward: break
                    case .absorb: continue
                    case .reply(let answer):
                        try await connection.send(text: answer)
                        continue
                    }
                    for notice in wire.notices(text) where noticed.record(notice) {
                        logger.warn(notice.message, LogFields([("feed", config.kind.rawValue)] + notice.pairs))
                    }
                    health.update(config.kind) { $0.lastFrameAt = now; $0.frames += 1 }
                    // While evaluation is behind, wait here: the connection then stops reading.
                    await backlog?.admit()
                    sink(RecordedFrame(at: now, feed: config.kind, text: text))
                case .binary:
                    health.update(config.kind) { $0.lastFrameAt = now; $0.skipped["binary_frame", default: 0] += 1 }
                }
            }
            return Task.isCancelled ? nil : "connection closed"
        } catch WebSocketError.messageTooBig(let size, let limit) {
            // Refused before buffering past the limit; the disconnect line names size and limit.
            health.update(config.kind) { $0.oversizedFrames += 1 }
            return FeedHealth.oversizedReason(size: size, limit: limit)
        } catch {
            return Task.isCancelled ? nil : "\(error)"
        }
    }

    /// Returns once a connection is `age` old (nil when cancelled first).
    private static func outlive(_ age: TimeSpan) async -> String? {
        do { try await Task.sleep(for: age.duration) } catch { return nil }
        return "connection is \(age.text) old"
    }

    /// Pings a quiet stream; returns a reason once it stays silent.
    private func watch(_ connection: WebSocketConnection, lastFrame: LastFrameClock) async -> String? {
        var pingedAt: Timestamp?
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(500))
            let now = ProcessClock.live.now(), last = lastFrame.get()
            if let sent = pingedAt {
                if last >= sent { pingedAt = nil } else if now - sent >= wire.pongTimeout {
                    return "no answer to ping within \(wire.pongTimeout.text)"
                }
            } else if now - last >= wire.quietBeforePing {
                guard let ping = wire.ping else { return "silent for \((now - last).text)" }
                do { try await connection.send(text: ping) } catch { return "ping failed: \(error)" }
                pingedAt = now
            }
        }
        return nil
    }
}

/// The notices a feed has logged (see `FeedWire.notices`): each is said once per feed, not once
/// per connection (a notice about a channel once per channel), and the channels they dropped.
/// It lives as long as the feed's service: a reload that keeps the feed keeps it, one that
/// changes the feed (or a restart) starts afresh and subscribes to every configured channel
/// again, which costs one more notice per channel still gone. A server could vary its texts
/// without end: past `capacity` nothing more is said, so neither the sets nor the log grow
/// without bound.
final class NoticeLog: Sendable {
    private struct Said {
        var notices: Set<FeedNotice> = []
        var channels: Set<String> = []
        var dropped: Set<String> = []
    }

    private let said = Mutex(Said())
    static let capacity = 1_000

    /// Records `notice`, and the channel it drops; returns whether it is to be said: the first
    /// of its text, or the first about its channel.
    func record(_ notice: FeedNotice) -> Bool {
        said.withLock { said in
            // Dropped even past capacity: a feed drops only channels its config names.
            if let channel = notice.channel, notice.dropsChannel { said.dropped.insert(channel) }
            guard said.notices.count + said.channels.count < Self.capacity else { return false }
            guard let channel = notice.channel else { return said.notices.insert(notice).inserted }
            return said.channels.insert(channel).inserted
        }
    }

    /// The channels dropped so far, for the next connect's subscription to leave out.
    var dropped: Set<String> { said.withLock { $0.dropped } }
}

/// When a connection last received anything: written by the reader, read by the watchdog.
final class LastFrameClock: Sendable {
    private let value = Mutex(ProcessClock.live.now())

    func set(_ time: Timestamp) { value.withLock { $0 = time } }
    func get() -> Timestamp { value.withLock { $0 } }
}
