import Foundation
import Testing
@testable import SatwatchNet

@Suite("Quoted-printable")
struct QuotedPrintableTests {
    static let a75 = String(repeating: "a", count: 75)

    @Test("encoding", arguments: [
        ("abc\r\n", "abc\r\n"),
        ("a=b\r\n", "a=3Db\r\n"),
        ("trailing \r\nnext\t\r\n", "trailing=20\r\nnext=09\r\n"),
        ("in the middle\r\n", "in the middle\r\n"),
        ("Über 100.000 €\r\n", "=C3=9Cber 100.000 =E2=82=AC\r\n"),
        (a75 + "b\r\n", a75 + "b\r\n"),
        (a75 + "bc\r\n", a75 + "=\r\nbc\r\n"),
        (String(repeating: "a", count: 74) + "é\r\n", String(repeating: "a", count: 74) + "=\r\n=C3=A9\r\n"),
        (".\r\n..x\r\n", ".\r\n..x\r\n"),
        ("no final break", "no final break"),
        ("\r\n\r\n", "\r\n\r\n"),
    ])
    func encode(text: String, expected: String) {
        #expect(String(decoding: QuotedPrintable.encode(Array(text.utf8)), as: UTF8.self) == expected)
    }

    @Test("encoded lines stay within 76 and decode back", arguments: [
        String(repeating: "€uro ", count: 300), String(repeating: "=", count: 200) + " \t",
        String(repeating: "x", count: 2000), "🚀 " + String(repeating: "ü", count: 100),
    ])
    func roundTrip(line: String) {
        let input = Array((line + "\r\nsecond line\r\n").utf8)
        let encoded = QuotedPrintable.encode(input)
        let lines = String(decoding: encoded, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(encoded.allSatisfy { $0 < 128 })
        #expect(Self.decode(encoded) == input)
    }

    /// A straightforward decoder (soft breaks removed, =XX unescaped), for the round trip.
    static func decode(_ encoded: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [], index = 0
        while index < encoded.count {
            if encoded[index] == UInt8(ascii: "=") {
                if encoded[index + 1] == 13 { index += 3; continue }
                output.append(UInt8(String(decoding: encoded[index + 1...index + 2], as: UTF8.self), radix: 16)!)
                index += 3
            } else {
                output.append(encoded[index])
                index += 1
            }
        }
        return output
    }
}
