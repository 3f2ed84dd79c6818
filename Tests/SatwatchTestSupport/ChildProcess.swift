import CChildSpawn
import Dispatch
import Glibc
import Synchronization

/// A child process of the test run: a Python peer, `curl`, `openssl`.
///
/// Why not Foundation's `Process`: on Linux it learns of a child's exit through a socket the
/// child inherits, read by one manager thread, and it closes in the child only the descriptors
/// it saw before spawning. A socket another test opens in that moment leaks into the child; if
/// the child is a long-lived peer holding another child's exit socket, that exit is never seen
/// and `waitUntilExit()` spins forever on a cooperative thread. Here the child closes every
/// inherited descriptor at exec time, starts with an empty signal mask, and is reaped with
/// `waitpid` on a thread outside the cooperative pool.
public final class ChildProcess: Sendable {
    /// Where the child's standard output or error goes.
    public enum Stream: Sendable {
        /// The test process's own stream.
        case inherit
        /// A pipe whose read end is `output` (standard output only).
        case capture
        /// `/dev/null`.
        case discard
    }

    /// The child's process id.
    public let pid: pid_t
    /// The read end of the child's standard output when it was started with `.capture`.
    public let output: Int32?
    private let exitStatus = Mutex<Int32?>(nil)

    /// The child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// The command and the reason.
        public var description: String
    }

    /// Starts `arguments[0]` (searched in `PATH`) with `arguments`; standard input is
    /// `/dev/null`, so a closed or odd descriptor 0 in the test process never reaches it.
    public init(_ arguments: [String], stdout: Stream = .inherit, stderr: Stream = .inherit) throws {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { throw SpawnError(description: "open /dev/null: \(Self.errorText(errno))") }
        defer { close(null) }
        var pipeEnds: [Int32] = [-1, -1]
        if case .capture = stdout {
            // The child gets the write end as its stdout; no other child may inherit either end.
            guard pipe(&pipeEnds) == 0 else { throw SpawnError(description: "pipe: \(Self.errorText(errno))") }
            pipeEnds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        let outFD: Int32 = switch stdout {
        case .inherit: STDOUT_FILENO
        case .capture: pipeEnds[1]
        case .discard: null
        }
        let errFD: Int32 = if case .discard = stderr { null } else { STDERR_FILENO }
        var pid: pid_t = 0
        let rc = Self.withCArguments(arguments) { satwatch_spawn(&pid, $0, null, outFD, errFD) }
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard rc == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw SpawnError(description: "\(arguments.first ?? ""): \(Self.errorText(rc))")
        }
        self.pid = pid
        self.output = pipeEnds[0] >= 0 ? pipeEnds[0] : nil
    }

    deinit {
        if let output { close(output) }
        if reapIfExited() == nil {
            kill(pid, SIGKILL)
            Self.reaper.async { [pid] in var status: Int32 = 0; _ = waitpid(pid, &status, 0) }
        }
    }

    /// Sends `signal` to the child unless it has already been reaped.
    public func send(_ signal: Int32) {
        exitStatus.withLock { status in if status == nil { kill(pid, signal) } }
    }

    /// Waits for the child to exit, on a thread outside the cooperative pool. With
    /// `killAfter`, a child still running then gets SIGKILL. Returns the raw wait status.
    @discardableResult
    public func exit(killAfter: Duration? = nil) async -> Int32 {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "child-wait").async {
                continuation.resume(returning: self.waitBlocking(killAfter: killAfter))
            }
        }
    }

    /// Stops the child without waiting: SIGTERM now, SIGKILL two seconds later if it still
    /// runs, reaped in the background. Safe from any thread, including a `deinit`.
    public func stop() {
        send(SIGTERM)
        Self.reaper.async { _ = self.waitBlocking(killAfter: .seconds(2)) }
    }

    /// Runs `arguments` to completion off the cooperative pool; returns its exit code (128 +
    /// the signal when killed) and standard output.
    public static func run(_ arguments: [String], stderr: Stream = .discard) async throws -> (status: Int32, output: String) {
        let child = try ChildProcess(arguments, stdout: .capture, stderr: stderr)
        let output = await child.readToEnd()
        return (exitCode(of: await child.exit()), String(decoding: output, as: UTF8.self))
    }

    /// The exit code a shell would show for a raw wait status.
    public static func exitCode(of status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private static let reaper = DispatchQueue(label: "child-reaper", attributes: .concurrent)

    private func reapIfExited() -> Int32? {
        exitStatus.withLock { stored in
            if let stored { return stored }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { stored = status } else if result < 0 { stored = -1 }
            return stored
        }
    }

    private func waitBlocking(killAfter: Duration?) -> Int32 {
        let deadline = killAfter.map { ContinuousClock.now + $0 }
        var killed = false
        while true {
            if let status = reapIfExited() { return status }
            if let deadline, !killed, ContinuousClock.now >= deadline {
                send(SIGKILL)
                killed = true
            }
            usleep(5_000)
        }
    }

    private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func withCArguments<R>(_ arguments: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
