import Foundation
import SatwatchTestSupport

extension TestPaths {
    /// `Tests/SatwatchKitTests/Fixtures`, this target's own fixtures.
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/SatwatchKitTests/Fixtures")
}
