extension Sequence<TimeInterval> {
    /// Whether any interval contains `instant`: a named time interval (`"night": [...]`)
    /// matches when any of its intervals does.
    func anyContains(_ instant: Timestamp) -> Bool { contains { $0.contains(instant) } }
}
