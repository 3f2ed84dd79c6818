/// "1 problem", "3 problems"; "1 delivery", "3 deliveries" with the plural given.
enum Plural {
    static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
