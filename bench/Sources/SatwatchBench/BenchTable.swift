/// Rows of `benchmark | value | unit | target`, printed as a Markdown table.
struct BenchTable {
    private(set) var rows: [[String]] = []

    mutating func add(_ name: String, _ value: String, _ unit: String, target: String = "") {
        rows.append([name, value, unit, target])
    }

    func render() -> String {
        let header = ["benchmark", "value", "unit", "target"]
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
