import Foundation
import SatwatchTestSupport

extension TestPaths {
    /// `Tests/SatwatchTests/Fixtures`, this target's own fixtures.
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/SatwatchTests/Fixtures")
}
