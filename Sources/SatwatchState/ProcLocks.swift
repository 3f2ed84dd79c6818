/// Reads Linux's `/proc/locks`, the kernel's list of every file lock held: which process holds
/// the `flock` on a file, for the refusal of a claim made through another path to it (see
/// ``StateFileLock``). A line reads `1: FLOCK  ADVISORY  WRITE 24856 fe:00:16229760 0 EOF`: kind,
/// mode, pid, then device (major:minor, in hex) and inode; a waiter's line has `->` after the
/// number.
enum ProcLocks {
    /// The pid holding a `flock` on the file with `device` (a `stat` `st_dev`) and `inode`, or
    /// nil when none is listed (or its pid is not visible here: the kernel writes 0 or -1).
    static func flockHolder(in text: String, device: UInt64, inode: UInt64) -> Int32? {
        let (major, minor) = split(device)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK",
                  let pid = Int32(fields[4]), pid > 0 else { continue }
            let place = fields[5].split(separator: ":")
            guard place.count == 3, UInt64(place[0], radix: 16) == major, UInt64(place[1], radix: 16) == minor,
                  UInt64(place[2]) == inode else { continue }
            return pid
        }
        return nil
    }

    /// glibc's `major()` and `minor()` of a `dev_t` (macros Swift cannot call).
    static func split(_ device: UInt64) -> (major: UInt64, minor: UInt64) {
        let major = (device >> 8) & 0xFFF | (device >> 32) & ~UInt64(0xFFF)
        let minor = device & 0xFF | (device >> 12) & ~UInt64(0xFF)
        return (major, minor)
    }
}
