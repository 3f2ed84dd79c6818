/// How satwatch prints numbers, in JSON payloads and in messages.
package enum JSONNumberFormat {
    /// Integral values with |x| < 1e15 print with no fraction (`100000`, `-3`, `0`; `-0` is
    /// `0`). Other finite values print Swift's shortest round-trip decimal (`0.1`, `2.704`,
    /// `92284.61`), which uses no exponent for 0.0001 <= |x| < 1e15. Non-finite values print
    /// as `nan`, `inf` and `-inf` (the JSON writer emits `null` for them instead).
    package static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        // Int64(_:) truncates without libm (`rounded()` calls `trunc`, which nothing links here).
        if value.magnitude < 1e15, case let integer = Int64(value), Double(integer) == value {
            return String(integer)
        }
        return value.description
    }
}
