/// The endpoint's pages link to each other, and its forms post and redirect, by relative URLs:
/// a reverse proxy that serves the endpoint under a path (`https://host/sw/` → `/`) then keeps
/// every link, form and redirect under that path, and without one they resolve as before.
enum RelativeLink {
    /// The way from the page at `path` back to the endpoint's root `/`: `./` from `/` and
    /// `/silence`, `../` from `/silences/expire`.
    static func root(from path: String) -> String {
        let depth = path.split(separator: "/", omittingEmptySubsequences: false).count - 2
        return depth > 0 ? String(repeating: "../", count: depth) : "./"
    }
}
