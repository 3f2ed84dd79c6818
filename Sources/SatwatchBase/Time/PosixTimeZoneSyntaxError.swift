/// What is wrong with a POSIX TZ string, and where (0-based character offset).
struct PosixTimeZoneSyntaxError: Error, Sendable, Equatable {
    package let message: String
    package let offset: Int
}
