extension SkipReason {
    /// The right JSON type, but a value the metric cannot take: a price string that is not a
    /// decimal (`"abc"`), a negative fee, a zero price.
    package static let invalidValue = SkipReason("invalid_value")
}
