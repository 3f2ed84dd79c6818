import Testing

/// `"chart"`: a boolean on smtp, telegram, discord and ntfy channels, refused elsewhere saying where it applies.
@Suite struct ChartConfigTests {
    static let chartChannels = [
        #"{"type": "telegram", "token": "1:a", "chat_id": 1"#,
        #"{"type": "discord", "url": "http://h/x""#,
        #"{"type": "ntfy", "url": "http://h/t""#,
        #"{\#(SMTPChannelTests.base), "url": "smtp://h""#,
    ]

    @Test(arguments: chartChannels)
    func chartIsReadAndDefaultsToFalse(_ start: String) throws {
        for (key, expected) in [(#", "chart": true"#, true), (#", "chart": false"#, false), ("", false)] {
            let probe = try ChannelConfigProbe(start + key + "}")
            #expect(probe.problems == [])
            #expect(try #require(probe.channel).attachesChart == expected)
        }
    }

    /// A wrong type is reported at the value, as every other key's.
    @Test(arguments: chartChannels)
    func chartMustBeABoolean(_ start: String) throws {
        let probe = try ChannelConfigProbe(start + #", "chart": "yes"}"#)
        let column = start.count + #", "chart": "#.count + 1
        #expect(probe.problems == ["1:\(column): expected true or false, found a string"])
        #expect(probe.channel == nil)
    }

    @Test(arguments: [
        #"{"type": "webhook", "url": "http://h/x""#, #"{"type": "slack", "url": "http://h/x""#,
        #"{"type": "teams", "url": "http://h/x""#, #"{"type": "alertmanager", "url": "http://h""#, #"{"type": "log""#,
    ])
    func otherChannelsRefuseChart(_ start: String) throws {
        let probe = try ChannelConfigProbe(start + #", "chart": true}"#)
        let column = start.count + #", "chart": "#.count + 1
        let type = start.split(separator: "\"")[3]
        #expect(probe.problems == [#"1:\#(column): "chart" applies to smtp, discord, telegram and ntfy channels, not \#(type)"#])
        #expect(probe.channel == nil)
    }
}
