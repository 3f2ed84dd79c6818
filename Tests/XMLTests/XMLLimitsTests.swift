import Testing
import XML

/// `XMLLimits` bound what a document may cost, whatever it holds.
@Suite struct XMLLimitsTests {
    struct Ignore: XMLHandler {
        mutating func startElement(_ name: XMLName, attributes: [XMLAttribute]) {}
        mutating func characters(_ text: String) {}
        mutating func endElement(_ name: XMLName) {}
    }

    @Test func aDocumentOverTheByteLimitIsRefused() throws {
        var limits = XMLLimits()
        limits.maxBytes = 1_000
        var handler = Ignore()
        #expect(throws: XMLError.self) { try XMLReader.read("<a>" + String(repeating: "x", count: 2_000) + "</a>", into: &handler, limits: limits) }
        try XMLReader.read("<a>" + String(repeating: "x", count: 900) + "</a>", into: &handler, limits: limits)
    }
}
