/// The version printed by `--version` and sent as `User-Agent: satwatch/<version>`.
package enum SatwatchVersion {
    /// Semantic version of this build.
    package static let current = "0.1.0"
    /// The git commit the binary was built from (short hash), or "unknown" when built outside a
    /// git checkout; written at build time by Plugins/RevisionPlugin.
    package static let revision = SatwatchRevision.current
}
