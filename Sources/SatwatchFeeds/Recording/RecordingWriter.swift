import Glibc
import SatwatchBase
import Synchronization

/// Appends record lines (`RecordedFrame.line`) to a file, one `write` per line so a crash never
/// leaves half a line behind a complete one.
package final class RecordingWriter: Sendable {
    private let descriptor: Int32
    private let count = Mutex(0)

    /// Why the file could not be opened.
    package struct OpenError: Error, CustomStringConvertible {
        /// What failed.
        package var description: String
    }

    /// Opens (creating or truncating) `path`.
    package init(path: String) throws(OpenError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OpenError(description: "\(path): \(ErrnoText.message(errno))") }
    }

    deinit { close(descriptor) }

    /// Frames written so far.
    package var frames: Int { count.withLock { $0 } }

    /// Appends one frame.
    package func append(_ frame: RecordedFrame) {
        // Written from the line's own storage: a frame of max_frame is not copied once more.
        var line = frame.line
        line.append("\n")
        count.withLock { count in
            line.withUTF8 { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { return }
                    offset += written
                }
            }
            count += 1
        }
    }
}
