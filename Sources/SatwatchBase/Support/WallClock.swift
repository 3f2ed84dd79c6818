import Glibc

/// The real time, for live runs (everything else takes time as a parameter).
package enum WallClock {
    /// The current UTC time.
    package static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}
