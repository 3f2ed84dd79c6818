/// Every channel type satwatch knows, by its config `type`.
package enum ChannelRegistry {
    /// The types, in the order help texts list them.
    package static var types: [any ChannelType.Type] {
        [LogChannel.self, SMTPChannel.self, WebhookChannel.self, SlackChannel.self, DiscordChannel.self, TeamsChannel.self,
         TelegramChannel.self, NtfyChannel.self, AlertmanagerChannel.self]
    }

    /// The type named `name`, if any.
    package static func type(named name: String) -> (any ChannelType.Type)? {
        types.first { $0.typeName == name }
    }
}
