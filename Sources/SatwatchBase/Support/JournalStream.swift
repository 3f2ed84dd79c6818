import Glibc

/// Whether standard error is connected to the systemd journal: systemd then sets
/// `JOURNAL_STREAM=<device>:<inode>` of that stream (systemd.exec(5)). The pair is compared with
/// fd 2 itself, so a child whose stderr was redirected elsewhere, but that inherited the
/// variable, writes plain lines.
package enum JournalStream {
    package static func isStandardError(environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        return FileIdentity(descriptor: 2) == FileIdentity(device: device, inode: inode)
    }
}
