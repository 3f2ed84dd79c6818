import SatwatchBase

/// One kind of channel (`log`, `smtp`, `slack`, …): validates its own config keys and builds the
/// channel. Each implementation lives in a folder of its own under `Channels/` (its tests in the
/// matching folder under `Tests/SatwatchTests/Channels/`) and is listed in `ChannelRegistry`.
package protocol ChannelType {
    /// The config's `type` value.
    static var typeName: String { get }
    /// Whether it takes `"chart": true` (attaches a PNG chart to a lone notification).
    static var attachesCharts: Bool { get }
    /// Reads every key this type accepts from `settings` (`type` is already read) and returns the
    /// channel, or nil after reporting problems to `settings.log`.
    static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)?
}

extension ChannelType {
    package static var attachesCharts: Bool { false }
}
