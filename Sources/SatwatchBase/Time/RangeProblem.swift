/// What is wrong with one range string of a time interval, and where in it (0-based character
/// offset, so the diagnostic can point at the bad member of `"monday:fridya"`).
struct RangeProblem: Error, Equatable {
    package let message: String
    package let offset: Int

    init(_ message: String, offset: Int = 0) {
        self.message = message
        self.offset = offset
    }
}
