/// A `host:port` to listen on, e.g. `127.0.0.1:9464` or `[::1]:9464`; port 0 picks any free port.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// Host or IP literal (without brackets).
    public var host: String
    /// TCP port.
    public var port: UInt16

    /// Parses `host:port`; nil when malformed.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
