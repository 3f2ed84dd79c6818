/// Every channel type satwatch knows, by its config `type`.
package enum ChannelRegistry {
    /// The types, in the order help texts list them.
    package static var types: [any ChannelType.Type] {
        [
            LogChannel.self,
            SMTPChannel.self,
            WebhookChannel.self,
            SlackChannel.self,
            DiscordChannel.self,
            TeamsChannel.self,
            TelegramChannel.self,
            NtfyChannel.self,
            GotifyChannel.self,
            AlertmanagerChannel.self,
        ]
    }

    /// The names of the types that take `"chart"`, as a list: `smtp, discord, telegram and ntfy`.
    package static var chartTypesText: String {
        let names = types.filter { $0.attachesCharts }.map { $0.typeName }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The type named `name`, if any.
    package static func type(named name: String) -> (any ChannelType.Type)? {
        types.first { $0.typeName == name }
    }
}
