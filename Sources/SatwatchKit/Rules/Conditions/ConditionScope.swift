/// What a condition's parser knows about where it is read: the metric it watches and the
/// config the rule is checked against.
struct ConditionScope {
    /// The rule's (or the part's) metric; nil when the rule has none (`all` / `any`).
    var metric: String?
    /// The loader's view of the config: feeds, channels.
    var context: RuleLoader.Context
}
