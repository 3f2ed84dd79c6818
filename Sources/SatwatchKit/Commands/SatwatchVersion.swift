/// The version printed by `--version` and sent as `User-Agent: satwatch/<version>`.
public enum SatwatchVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
