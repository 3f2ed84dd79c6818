import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchState
import Testing

/// Signed silence links: what a notification carries and what following one accepts.
@Suite struct SilenceLinkTests {
    static let key = Array(0..<UInt8(32))
    static let otherKey = Array(1...UInt8(32))
    /// 2025-12-10T14:00:00Z.
    static let now = Timestamp(milliseconds: 1_765_375_200_000)
    static let link = SilenceLink(rule: "btc above 100k & \"more\" ü", duration: .hours(1), expires: now + .days(7))
    static let query = link.query(key: key)

    @Test func aLinkVerifiesUntilItExpires() throws {
        #expect(Self.query.hasPrefix("rule=btc%20above%20100k%20%26%20%22more%22%20%C3%BC&for=1h&exp=1765980000&sig="))
        #expect(try SilenceLink.verified(query: Self.query, key: Self.key, now: Self.now) == Self.link)
        #expect(try SilenceLink.verified(query: Self.query, key: Self.key, now: Self.link.expires - TimeSpan(milliseconds: 1)) == Self.link)
        #expect(throws: SilenceLinkError.expired(at: Self.link.expires)) {
            try SilenceLink.verified(query: Self.query, key: Self.key, now: Self.link.expires)
        }
        // The query is URL-safe as it is: nothing outside the unreserved set but its separators.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%&=")
        #expect(Self.query.allSatisfy(allowed.contains))
    }

    /// A link names the one silence it makes: the same id every time it is followed, another for
    /// any other rule, duration or expiry; eight hex digits like every silence id.
    @Test func aLinkHasOneSilenceID() throws {
        let id = Self.link.silenceID
        #expect(id.count == 8 && id.allSatisfy(\.isHexDigit) && id == id.lowercased())
        #expect(try SilenceLink.verified(query: Self.query, key: Self.key, now: Self.now).silenceID == id)
        let others = [SilenceLink(rule: "other", duration: .hours(1), expires: Self.link.expires),
                      SilenceLink(rule: Self.link.rule, duration: .hours(2), expires: Self.link.expires),
                      SilenceLink(rule: Self.link.rule, duration: .hours(1), expires: Self.link.expires + .seconds(1))]
        #expect(Set(others.map(\.silenceID) + [id]).count == 4)
    }

    /// `addOnce` stores a silence the first time and gives the stored one back after that.
    @Test func addOnceKeepsTheFirst() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let first = Silence(id: Self.link.silenceID, matchers: [.rule("r")], startsAt: Self.now, endsAt: Self.now + .hours(1),
                            comment: "c", author: "link", createdAt: Self.now)
        #expect(try store.silences.addOnce(first) == (first, true))
        var later = first
        later.startsAt = Self.now + .minutes(5)
        later.endsAt = later.startsAt + .hours(1)
        let again = try store.silences.addOnce(later)
        #expect(again.silence == first && !again.added)
        #expect(try store.silences.list(endingAfter: nil) == [first])
    }

    @Test func fieldsMayComeInAnyOrderAndAsFormsSpellThem() throws {
        let parts = Self.query.split(separator: "&")
        let reordered = [parts[3], parts[1], parts[0], parts[2]].joined(separator: "&")
        #expect(try SilenceLink.verified(query: reordered, key: Self.key, now: Self.now) == Self.link)
        let form = Self.query.replacingOccurrences(of: "%20", with: "+")
        #expect(try SilenceLink.verified(query: form, key: Self.key, now: Self.now) == Self.link)
    }

    @Test func expiryIsKeptToTheSecond() {
        let link = SilenceLink(rule: "r", duration: .minutes(90), expires: Timestamp(milliseconds: 1_999))
        #expect(link.expires == Timestamp(milliseconds: 1_000))
        #expect(link.signedFields == "rule=r&for=1h30m&exp=1")
    }

    /// Changing any field, or signing with another key, breaks the signature (even a change
    /// that only moves the expiry into the past reads as tampering).
    @Test(arguments: [
        ("another rule", { (query: String) in query.replacingOccurrences(of: "rule=btc", with: "rule=eth") }),
        ("a longer silence", { $0.replacingOccurrences(of: "for=1h", with: "for=1d") }),
        ("a later expiry", { $0.replacingOccurrences(of: "exp=1765980000", with: "exp=1765980001") }),
        ("an earlier expiry", { $0.replacingOccurrences(of: "exp=1765980000", with: "exp=1") }),
        ("one signature bit", flipLastSignatureCharacter),
        ("a signature of zeros", { $0.components(separatedBy: "&sig=")[0] + "&sig=" + String(repeating: "A", count: 43) }),
    ] as [(String, @Sendable (String) -> String)])
    func tamperedLinksAreRefused(_ change: String, _ tamper: @Sendable (String) -> String) {
        let tampered = tamper(Self.query)
        #expect(tampered != Self.query, "\(change)")
        #expect(throws: SilenceLinkError.badSignature, "\(change)") { try SilenceLink.verified(query: tampered, key: Self.key, now: Self.now) }
    }

    static func flipLastSignatureCharacter(_ query: String) -> String {
        // The last of 43 characters carries 4 bits and 2 zero bits: `A` ↔ `E` changes a used bit.
        var characters = Array(query)
        characters[characters.count - 1] = characters.last == "E" ? "A" : "E"
        return String(characters)
    }

    @Test func anotherKeyIsRefused() {
        #expect(throws: SilenceLinkError.badSignature) { try SilenceLink.verified(query: Self.query, key: Self.otherKey, now: Self.now) }
        let signedElsewhere = Self.link.query(key: Self.otherKey)
        #expect(throws: SilenceLinkError.badSignature) { try SilenceLink.verified(query: signedElsewhere, key: Self.key, now: Self.now) }
        #expect(throws: SilenceLinkError.badSignature) { try SilenceLink.verified(query: Self.query, key: [], now: Self.now) }
    }

    static let signature = String(query.split(separator: "&").last!.dropFirst(4))

    @Test(arguments: [
        ("", "no \"rule\""),
        ("garbage", "not a query string"),
        ("rule=r&for=1h&exp=1765980000", "no \"sig\""),
        ("for=1h&exp=1765980000&sig=\(signature)", "no \"rule\""),
        ("rule=r&exp=1765980000&sig=\(signature)", "no \"for\""),
        ("rule=r&for=1h&sig=\(signature)", "no \"exp\""),
        ("rule=r&rule=s&for=1h&exp=1765980000&sig=\(signature)", "\"rule\" given twice"),
        ("rule=r&for=1h&exp=1765980000&sig=\(signature)&utm_source=x", "unknown field \"utm_source\""),
        ("rule=&for=1h&exp=1765980000&sig=\(signature)", "empty rule"),
        ("rule=%zz&for=1h&exp=1765980000&sig=\(signature)", "not a query string"),
        ("rule=r&for=0s&exp=1765980000&sig=\(signature)", "\"for\" is not a duration"),
        ("rule=r&for=1hour&exp=1765980000&sig=\(signature)", "\"for\" is not a duration"),
        ("rule=r&for=-1h&exp=1765980000&sig=\(signature)", "\"for\" is not a duration"),
        ("rule=r&for=1h&exp=-1&sig=\(signature)", "\"exp\" is not a time in seconds"),
        ("rule=r&for=1h&exp=1.5&sig=\(signature)", "\"exp\" is not a time in seconds"),
        ("rule=r&for=1h&exp=99999999999999999999&sig=\(signature)", "\"exp\" is not a time in seconds"),
        ("rule=r&for=1h&exp=&sig=\(signature)", "\"exp\" is not a time in seconds"),
        ("rule=r&for=1h&exp=1765980000&sig=\(signature.dropLast())", "\"sig\" is not a signature"),
        ("rule=r&for=1h&exp=1765980000&sig=\(signature)A", "\"sig\" is not a signature"),
        ("rule=r&for=1h&exp=1765980000&sig=\(signature)AA", "\"sig\" is not a signature"),
        ("rule=r&for=1h&exp=1765980000&sig=\(signature)=", "\"sig\" is not a signature"),
        ("rule=r&for=1h&exp=1765980000&sig=\(signature.replacingOccurrences(of: "_", with: "/").replacingOccurrences(of: "-", with: "+"))x",
         "\"sig\" is not a signature"),
    ])
    func malformedLinksAreRefused(_ query: String, _ reason: String) {
        #expect(throws: SilenceLinkError.malformed(reason)) { try SilenceLink.verified(query: query, key: Self.key, now: Self.now) }
    }
}
