extension ChangeCondition: VersionOneDigest {
    var versionOneText: (clear: Double, condition: String)? {
        measure == .percent ? (clear, "change:\(amount):\(within.milliseconds)") : nil
    }
}
