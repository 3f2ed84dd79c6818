extension FeedHealth {
    /// Why a feed disconnected after refusing a message over `max_frame`, for its log line and
    /// `status`: `frame of 14680064 bytes over max_frame (1048576 bytes)`. `size` is nil when only
    /// the limit is known (an HTTP body cut off at it).
    static func oversizedReason(size: Int?, limit: Int) -> String {
        let what = size.map { "frame of \($0) bytes" } ?? "frame"
        return "\(what) over max_frame (\(limit) bytes)"
    }
}
