import Dispatch
import Glibc

extension ChildProcess {
    /// Reads the captured standard output up to the next newline, blocking the calling thread
    /// until then, end of file or `deadline`; returns the line without its newline, or nil.
    /// Reads one byte at a time so nothing after the line is consumed.
    public func readLine(before deadline: ContinuousClock.Instant) -> String? {
        guard let output else { return nil }
        var line: [UInt8] = []
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(remaining / .milliseconds(1), 60_000)) + 1
            let polled = poll(&ready, 1, milliseconds)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { continue }
            var byte: UInt8 = 0
            let count = read(output, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }

    /// Reads the captured standard output to end of file on a thread outside the cooperative
    /// pool.
    public func readToEnd() async -> [UInt8] {
        guard let output else { return [] }
        return await withCheckedContinuation { continuation in
            DispatchQueue(label: "child-read").async {
                var data: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    data.append(contentsOf: buffer[0..<count])
                }
                continuation.resume(returning: data)
            }
        }
    }
}
