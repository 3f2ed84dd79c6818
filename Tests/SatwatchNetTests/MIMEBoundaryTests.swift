import Testing
@testable import SatwatchNet

/// `MIMEBoundary`: made from the parts' hash, and never one that occurs in a part.
@Suite struct MIMEBoundaryTests {
    @Test func theFirstCandidateNoPartHoldsIsTaken() {
        let parts: [[UInt8]] = [Array("xx satwatch-a yy".utf8), Array("satwatch-b".utf8)]
        #expect(MIMEBoundary.firstFree(["satwatch-a", "satwatch-b", "satwatch-c"], parts: parts) == "satwatch-c")
        #expect(MIMEBoundary.firstFree(["satwatch-a", "satwatch-b", "satwatch-c"], parts: []) == "satwatch-a")
    }

    @Test func boundariesArePureAndDependOnEveryByte() {
        let parts: [[UInt8]] = [Array("text".utf8), [0x89, 0x50, 0x4e, 0x47]]
        let boundary = MIMEBoundary.make(for: parts)
        #expect(boundary == MIMEBoundary.candidate(for: parts, salt: 0))
        #expect(boundary.hasPrefix("satwatch-") && boundary.dropFirst(9).allSatisfy(\.isHexDigit) && boundary.count == 25)
        #expect(MIMEBoundary.make(for: parts) == boundary)
        #expect(MIMEBoundary.make(for: [Array("text".utf8), [0x89, 0x50, 0x4e, 0x48]]) != boundary)
        // Where one part ends and the next begins counts too.
        #expect(MIMEBoundary.make(for: [Array("tex".utf8), Array("t".utf8) + parts[1]]) != boundary)
        #expect(MIMEBoundary.candidate(for: parts, salt: 1) != boundary)
    }

    @Test(arguments: [("satwatch", "a satwatch", true), ("satwatch", "satwatc", false), ("ab", "aab", true), ("ab", "", false),
                      ("ab", "ba", false), ("abc", "abababc", true)])
    func occurrence(_ needle: String, _ haystack: String, _ found: Bool) {
        #expect(MIMEBoundary.occurs(Array(needle.utf8), in: Array(haystack.utf8)) == found)
    }
}
