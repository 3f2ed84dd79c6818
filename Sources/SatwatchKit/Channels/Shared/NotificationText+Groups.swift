/// How chat and mail channels word a group: a title counting the members, then each member as
/// it would read on its own, so a grouped message says everything the separate ones would.
extension NotificationText {
    /// Between two members' texts.
    static let memberSeparator = "\n\n"

    /// `[FIRING:2, RESOLVED:1] 3 alerts`.
    static func groupTitle(_ notifications: some Collection<Notification>) -> String {
        let firing = notifications.count { $0.status == .firing }
        return groupTitle(firing: firing, resolved: notifications.count - firing)
    }

    private static func groupTitle(firing: Int, resolved: Int) -> String {
        let tags = [firing > 0 ? "FIRING:\(firing)" : nil, resolved > 0 ? "RESOLVED:\(resolved)" : nil].compactMap { $0 }
        return "[\(tags.joined(separator: ", "))] \(firing + resolved) alerts"
    }

    /// Each member's chat text (with its silence link), joined as a group message lists them.
    static func memberTexts(_ group: NotificationGroup) -> String {
        group.members.map { chat($0, $1) }.joined(separator: memberSeparator)
    }

    /// The group title, then each member's chat text.
    static func groupText(_ group: NotificationGroup) -> String {
        groupTitle(group.notifications) + memberSeparator + memberTexts(group)
    }

    /// How many of `group`'s members, from the first, fit one message of `limit` units: the
    /// group title and each member's chat text (after `transform`, e.g. a service's escaping),
    /// exactly as `groupText` joins them. At least one: a lone member too long is cut to fit.
    static func fitting(_ group: NotificationGroup, limit: Int, in unit: TextLimit.Unit,
                        transform: (String) -> String = { $0 }) -> Int {
        let separator = TextLimit.size(memberSeparator, in: unit)
        var members = 0
        var (firing, resolved) = (0, 0)
        for (offset, (notification, extras)) in group.members.enumerated() {
            if notification.status == .firing { firing += 1 } else { resolved += 1 }
            members += separator + TextLimit.size(transform(chat(notification, extras)), in: unit)
            let title = TextLimit.size(transform(groupTitle(firing: firing, resolved: resolved)), in: unit)
            if title + members > limit { return max(offset, 1) }
        }
        return group.notifications.count
    }
}
