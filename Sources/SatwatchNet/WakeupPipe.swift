import Glibc
import SatwatchBase

/// A self-pipe that wakes a thread of our own (a WebSocket connection's, the HTTP server's)
/// from `poll()` when another thread queued something for it or asks it to stop. The descriptors close when the last owner lets go, so a late `signal()`
/// can never write into a descriptor number the process has since reused.
final class WakeupPipe: Sendable {
    /// Why no pipe could be made (descriptors exhausted).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Polled by the owning thread.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() throws(Failure) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            let code = errno
            guard DescriptorShortage.isShortage(code) else { throw Failure(description: "cannot create a wake-up pipe: errno \(code)") }
            DescriptorShortage.process.refused("creating a wake-up pipe", errno: code)
            throw Failure(description: "cannot create a wake-up pipe: \(DescriptorShortage.errnoName(code))")
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the read end readable; a full pipe already is, so EAGAIN is fine.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe before the thread looks at its queue again.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &bytes, bytes.count) > 0 {}
    }
}
