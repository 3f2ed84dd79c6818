/// What a channel type may need while it is configured.
public struct ChannelContext: Sendable {
    /// Where channels that write logs write.
    public var logger: Logger
    /// Resolves relative paths (e.g. `ca_file`) against the config file's folder.
    public var paths: PathResolver

    /// Creates a context.
    public init(logger: Logger, paths: PathResolver) {
        self.logger = logger
        self.paths = paths
    }
}
