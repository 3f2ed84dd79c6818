@testable import SatwatchDelivery
import SatwatchJSON
@testable import SatwatchRules
import Testing

/// `http.external_url` in the Alertmanager-shaped payloads: the webhook's `externalURL` and its
/// alerts' `generatorURL` (the page), and the alertmanager channel's `generatorURL`; "" (webhook)
/// or left out (alertmanager) without one.
@Suite struct ExternalURLPayloadTests {
    static func group(_ externalURL: String?) -> NotificationGroup {
        var group = NotificationGroup([ChannelFixtures.firing, ChannelFixtures.resolved])
        group.externalURL = externalURL
        return group
    }

    @Test(arguments: [(nil, "", ""), ("https://alerts.example.com", "https://alerts.example.com", "https://alerts.example.com/"),
                      ("https://example.com/sw", "https://example.com/sw", "https://example.com/sw/")] as [(String?, String, String)])
    func webhook(_ externalURL: String?, _ sent: String, _ generator: String) {
        let payload = WebhookChannel.payload(for: Self.group(externalURL), receiver: "hook")
        #expect(payload["externalURL"]?.string == sent)
        #expect(payload["alerts"]?.array?.map { $0["generatorURL"]?.string } == [generator, generator])
    }

    @Test(arguments: [(nil, nil), ("https://alerts.example.com", "https://alerts.example.com/")] as [(String?, String?)])
    func alertmanager(_ externalURL: String?, _ generator: String?) throws {
        let channel = try #require(try ChannelConfigProbe(#"{"type": "alertmanager", "url": "http://a.example:9093"}"#).channel
            as? AlertmanagerChannel)
        let alerts = try #require(channel.payload(for: Self.group(externalURL)).array)
        #expect(alerts.map { $0["generatorURL"]?.string } == [generator, generator])
    }
}
