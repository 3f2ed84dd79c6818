/// Every channel type satwatch knows, by its config `type`.
public enum ChannelRegistry {
    /// The types, in the order help texts list them.
    public static var types: [any ChannelType.Type] {
        [LogChannel.self, SMTPChannel.self, WebhookChannel.self, SlackChannel.self, DiscordChannel.self, TeamsChannel.self,
         TelegramChannel.self, NtfyChannel.self, AlertmanagerChannel.self]
    }

    /// The type named `name`, if any.
    public static func type(named name: String) -> (any ChannelType.Type)? {
        types.first { $0.typeName == name }
    }
}
