extension Rule {
    /// The template of a notification of `status`; nil: the condition's default message.
    ///
    /// A resolve uses `resolved_message`; without one, `message` only when it does not read as
    /// the firing (`MessageTemplate.describesFiring`): `"BTC is {{value}} USD, above
    /// {{threshold}}"` was written for the firing, and would read as one when the alert resolves,
    /// so the default resolve text (`btc.usd is 94,000, back below 95,000`) says it instead.
    package func template(for status: Notification.Status) -> MessageTemplate? {
        guard status == .resolved else { return message }
        if let resolvedMessage { return resolvedMessage }
        return message?.describesFiring == false ? message : nil
    }
}
