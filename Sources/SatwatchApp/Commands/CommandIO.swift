import Glibc
import Synchronization

/// Where a command writes and what it reads from its process, injectable for tests.
package struct CommandIO: Sendable {
    /// Writes a line to standard output.
    package var out: @Sendable (String) -> Void
    /// Writes a line to standard error.
    package var err: @Sendable (String) -> Void
    /// The process environment.
    package var environment: [String: String]

    /// Creates an I/O bundle.
    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                environment: [String: String]) {
        self.out = out
        self.err = err
        self.environment = environment
    }

    /// The real process: stdout, stderr, environment.
    package static func process() -> CommandIO {
        var environment: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return CommandIO(out: { writeLine(1, $0) }, err: { writeLine(2, $0) }, environment: environment)
    }

    private static func writeLine(_ descriptor: Int32, _ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
