/// What one client may cost the endpoint server. The server handles every connection on one
/// thread, so each limit bounds how long or how much a slow, silent or hostile client can hold.
struct HTTPServerLimits: Sendable {
    /// Open connections at most; when full, a new connection replaces the oldest one still
    /// sending its request (an honest client sends at once, so it is never the oldest). Far below
    /// a default soft `RLIMIT_NOFILE` of 1024.
    var maximumConnections = 64
    /// From accept to the end of the request head: not reset by each byte, so a client dribbling
    /// its headers (slowloris) is cut off with 408.
    var headTimeout: Duration = .seconds(5)
    /// Requests larger than this are refused with 431 (the endpoint takes no bodies).
    var maximumHeaderBytes = 8192
    /// For the whole response to leave, against a client that does not read.
    var writeTimeout: Duration = .seconds(5)
    /// After the response, how long unread input is drained before closing, so the close is a
    /// FIN, not a reset that could destroy the response before the client read it.
    var lingerTimeout: Duration = .seconds(1)
    /// How many bytes that drain reads at most.
    var maximumLingerBytes = 65536
    /// How long accepting pauses when the process is out of descriptors (the listener would
    /// otherwise stay readable and spin the thread).
    var acceptPause: Duration = .milliseconds(100)

    static let standard = HTTPServerLimits()
}
