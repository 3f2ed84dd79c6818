extension FeedConfig {
    /// A fresh decoder for this feed's frames.
    package func makeDecoder() -> any FrameDecoder { kind.definition.makeDecoder(self) }
}
