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

    /// The group title, then each member's `member` text.
    static func groupText(_ group: NotificationGroup, member: (Notification) -> String = chat) -> String {
        ([groupTitle(group.notifications)] + group.notifications.map(member)).joined(separator: memberSeparator)
    }

    /// How many of `notifications`, from the first, fit one message of `limit` units: the group
    /// title and each member's `member` text (after `transform`, e.g. a service's escaping),
    /// exactly as `groupText` joins them. At least one: a lone member too long is cut to fit.
    static func fitting(_ notifications: ArraySlice<Notification>, limit: Int, in unit: TextLimit.Unit,
                        member: (Notification) -> String = chat, transform: (String) -> String = { $0 }) -> Int {
        let separator = TextLimit.size(memberSeparator, in: unit)
        var members = 0
        var (firing, resolved) = (0, 0)
        for (offset, notification) in notifications.enumerated() {
            if notification.status == .firing { firing += 1 } else { resolved += 1 }
            members += separator + TextLimit.size(transform(member(notification)), in: unit)
            let title = TextLimit.size(transform(groupTitle(firing: firing, resolved: resolved)), in: unit)
            if title + members > limit { return max(offset, 1) }
        }
        return notifications.count
    }
}
