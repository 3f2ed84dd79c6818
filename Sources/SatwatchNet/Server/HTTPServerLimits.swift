/// What one client may cost the endpoint server. The server handles every connection on one
/// thread, so each limit bounds how long or how much a slow, silent or hostile client can hold.
package struct HTTPServerLimits: Sendable {
    /// Open connections at most; when full, a new connection replaces the oldest one still
    /// sending its request (an honest client sends at once, so it is never the oldest). Far below
    /// a default soft `RLIMIT_NOFILE` of 1024.
    var maximumConnections = 64
    /// From accept to the end of the request head: not reset by each byte, so a client dribbling
    /// its headers (slowloris) is cut off with 408.
    var headTimeout: Duration = .seconds(5)
    /// Request heads (request line and header fields) larger than this are refused with 431.
    var maximumHeaderBytes = 8192
    /// Header fields at most, refused with 431 beyond: within the byte cap, thousands of tiny
    /// fields would still each cost a parse and a lookup.
    var maximumHeaderFields = 100
    /// Bodies larger than this are refused with 413 as soon as the head announces them, without
    /// reading them: the API takes small JSON documents and forms.
    var maximumBodyBytes = 65536
    /// From the end of the head to the end of the body: not reset by each byte either, so a
    /// client announcing more than it sends, or dribbling it, is cut off with 408.
    var bodyTimeout: Duration = .seconds(10)
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

    package static let standard = HTTPServerLimits()
}
