extension FeedConfig {
    /// A fresh decoder for this feed's frames.
    public func makeDecoder() -> any FrameDecoder { kind.definition.makeDecoder(self) }
}
