import SatwatchBase

/// What a channel type may need while it is configured.
package struct ChannelContext: Sendable {
    /// Where channels that write logs write.
    package var logger: Logger
    /// Resolves relative paths (e.g. `ca_file`) against the config file's folder.
    package var paths: PathResolver

    /// Creates a context.
    package init(logger: Logger, paths: PathResolver) {
        self.logger = logger
        self.paths = paths
    }
}
