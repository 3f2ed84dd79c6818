@testable import SatwatchApp
import SatwatchBase
import SatwatchState
import Testing

/// The endpoint's links, form actions and redirects are relative, so a reverse proxy serving it
/// under a path (`https://host/sw/`) keeps them under that path.
@Suite struct RelativeLinkTests {
    @Test(arguments: [("/", "./"), ("/silence", "./"), ("/silences", "./"), ("/silences/expire", "../"), ("/a/b/", "../../")])
    func rootFromAPage(_ path: String, _ root: String) {
        #expect(RelativeLink.root(from: path) == root)
    }

    static let silence = Silence(id: "0123abcd", matchers: [.rule("r")], startsAt: Timestamp(milliseconds: 0),
                                 endsAt: Timestamp(milliseconds: 3_600_000), comment: "", author: "page", createdAt: Timestamp(milliseconds: 0))

    /// Every page the endpoint writes for a browser, with a relative link or action each must have.
    static let pages: [(html: String, relative: String)] = [
        (DashboardPage.render(DashboardPageTests.data([DashboardPageTests.rule("r")], silences: [silence])), #"action="silences/expire""#),
        (SilenceLinkRoute.confirmation(SilenceLink(rule: "r", duration: .hours(1), expires: Timestamp(milliseconds: 0)), query: "q").body,
         #"<a href="./">"#),
        (SilenceFormRoute.page(422, "wrong", at: "/silences").body, #"<a href="./#silences">"#),
        (SilenceFormRoute.page(404, "gone", at: "/silences/expire").body, #"<a href="../#silences">"#),
    ]

    @Test(arguments: pages.indices)
    func noPageLinksOrPostsToAnAbsolutePath(_ index: Int) {
        let page = Self.pages[index]
        #expect(!page.html.contains(#"href="/"#) && !page.html.contains(#"action="/"#))
        #expect(page.html.contains(page.relative))
    }
}
