@testable import SatwatchBase
import Foundation
import Testing

/// Giving back the code pages only starting used (`StartupCode`): this test process has touched
/// megabytes of code by now (the runtime, Foundation, the tests run so far); after the release
/// far less of it is resident, and the code still runs (the pages come back from their files).
@Suite struct StartupCodeTests {
    @Test func residentCodeIsGivenBackAndStillRuns() throws {
        let mappings = StartupCode.codeMappings()
        #expect(mappings.contains { $0.residentBytes > 0 }, "the test binary's code is a file mapping")
        let before = StartupCode.residentBytes
        let released = StartupCode.release()
        let after = StartupCode.residentBytes
        #expect(released >= before / 2, "released \(released) of \(before) bytes")
        #expect(after < before - (1 << 20), "resident code: \(before) bytes before, \(after) after")
        // Code released runs again: Foundation's JSON, the runtime's string and hashing code.
        let decoded = try JSONSerialization.jsonObject(with: Data(#"{"a": [1, 2.5, "three"]}"#.utf8)) as? [String: [Any]]
        #expect(decoded?["a"]?.count == 3)
        #expect(Set(["x", "y", "x"]).count == 2)
    }
}
