@testable import SatwatchCharts
@testable import SatwatchDelivery
@testable import SatwatchRules


extension ChannelFixtures {
    /// A notification's chart as the page makes it: the sample day at 600 x 300.
    static let chart = PNGChart.render(ChartSample.spec, width: 600, height: 300)

    /// The firing notification alone, carrying `chart` and a silence link.
    static func withChart(_ chart: [UInt8] = chart, notification: Notification = firing) -> NotificationGroup {
        NotificationGroup(notification, extras: NotificationExtras(silenceURL: "https://alerts.example/silence?rule=x&sig=y", chart: chart))
    }
}

extension NotificationExtras {
    /// The same extras without the chart.
    var withoutChart: NotificationExtras { NotificationExtras(silenceURL: silenceURL) }
}
