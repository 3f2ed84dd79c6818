extension LevelCondition: VersionOneDigest {
    var versionOneText: (clear: Double, condition: String)? {
        guard let level = level.expression.constant else { return nil }
        let clear = self.clear.map { $0.expression.constant } ?? level
        return clear.map { ($0, "\(side.rawValue):\(level)") }
    }
}
