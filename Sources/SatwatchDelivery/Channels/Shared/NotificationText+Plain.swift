import SatwatchBase

extension NotificationText {
    /// A title and a plain-text body for `group`, for services that show text as written (ntfy,
    /// Gotify): a lone notification's title, and its message with the values line and the
    /// silence link (the message cut to fit `limit`, the rest kept whole); several as a title
    /// counting them over each member's headline and values, as many as fit, and a count of the rest.
    static func plain(_ group: NotificationGroup, limit: Int, in unit: TextLimit.Unit, time: DisplayTime) -> (title: String, text: String) {
        guard let single = group.single else {
            return (groupTitle(group.notifications), groupText(group, limit: limit, in: unit, titled: false, time: time))
        }
        let tail = "\n" + summaryLine(single, time: time) + (silenceLine(single, group.extras[0]).map { "\n\n" + $0 } ?? "")
        return (title(single), TextLimit.truncate(single.message, keeping: tail, to: limit, in: unit))
    }
}
