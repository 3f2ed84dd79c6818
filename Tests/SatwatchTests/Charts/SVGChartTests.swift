import SatwatchTestSupport
@testable import SatwatchBase
@testable import SatwatchCharts
import SatwatchJSON
import Testing

@Suite struct SVGChartTests {
    static let hostile: [(String, String)] = [
        ("</svg><script>alert(1)</script>", "</svg><script>alert(1)</script>"),
        ("\"&'<>", "\"&'<>"),
        ("\" onload=\"alert(1)", "\" onload=\"alert(1)"),
        ("]]><!-- &amp; <![CDATA[", "]]><!-- &amp; <![CDATA["),
        ("nul\u{0}esc\u{1B}bell\u{7}", "nulescbell"),
        ("BTC 日本 🙂\ttab", "BTC 日本 🙂\ttab"),
    ]

    /// Hostile titles and labels, parsed back by Python's XML parser: well-formed, no script
    /// element, and the texts are what the user wrote (less the characters XML cannot hold).
    @Test(arguments: hostile.indices)
    func hostileTextStaysText(_ index: Int) async throws {
        let (text, shown) = Self.hostile[index]
        let spec = ChartSpec(points: ChartSample.points, from: ChartSample.from, to: ChartSample.to,
                             lines: [ChartLine(value: 100, label: "low " + text), ChartLine(value: 200, label: text)],
                             title: text)
        let svg = SVGChart.render(spec, width: 600, height: 300)
        #expect(!svg.contains("<script"))
        #expect(svg.components(separatedBy: "<svg").count == 2 && svg.hasSuffix("</svg>"))
        let result = try await PythonProbe.run(PythonProbe.parseSVG, files: [Array(svg.utf8)])
        let parsed = try JSONParser.parse(result.text).value
        #expect(parsed["root"]?.value.string == "{http://www.w3.org/2000/svg}svg")
        #expect(parsed["scripts"]?.value.number == 0)
        #expect(parsed["label"]?.value.string == shown)
        #expect(parsed["titles"]?.value.array?.compactMap(\.value.string) == [shown])
        let texts = parsed["texts"]?.value.array?.compactMap(\.value.string) ?? []
        #expect(texts.contains(shown) && texts.contains("low " + shown))
        #expect(texts.contains { $0.hasPrefix("0") || $0.hasPrefix("1") }, "tick labels are there too")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a&b", "a&amp;b"), ("<b>", "&lt;b&gt;"), ("\"'", "&quot;&#39;"),
        ("&amp;", "&amp;amp;"), ("a\u{0}\u{8}\u{B}\u{C}\u{1F}b", "ab"), ("\t\n\r", "&#9;&#10;&#13;"), ("x\u{FFFE}\u{FFFF}y", "xy"),
        ("é🙂", "é🙂"),
    ])
    func escaping(_ text: String, _ expected: String) {
        #expect(SVGChart.escaped(text) == expected)
    }

    @Test(arguments: [(0, "0"), (12, "12"), (12.25, "12.3"), (12.04, "12"), (-0.44, "-0.4"), (-0.04, "0"), (599.96, "600"),
                      (Double.nan, "0")] as [(Double, String)])
    func coordinates(_ value: Double, _ expected: String) {
        #expect(SVGChart.number(value) == expected)
    }

    /// A gap (NaN) starts a new subpath; a lone point becomes a dot; points outside the range are left out.
    @Test func seriesPathBreaksAtGaps() {
        let at = { (minute: Int64) in ChartSample.from + .minutes(minute) }
        let points: [(at: Timestamp, value: Double)] = [(at(-5), 1), (at(0), 1), (at(10), 2), (at(20), .nan), (at(30), 3),
                                                        (at(40), .nan), (at(50), 2), (at(60), 1), (at(2000), 9)]
        let spec = ChartSpec(points: points, from: ChartSample.from, to: ChartSample.to)
        let chart = ChartGeometry(spec: spec, width: 600, height: 300, text: SVGChart.text)
        let path = SVGChart.series(chart, points).split(separator: "\"")[1]
        #expect(path.filter { $0 == "M" }.count == 3)
        #expect(path.filter { $0 == "l" }.count == 2)
        #expect(path.contains("h0"))
        #expect(path.contains("M\(SVGChart.number(chart.plotLeft)) "))
    }

    /// The relative moves, added up, land on every point's position rounded to a tenth.
    @Test(arguments: [600, 333, 1200])
    func relativePathVisitsEveryPoint(_ width: Int) throws {
        let spec = ChartSample.spec
        let chart = ChartGeometry(spec: spec, width: width, height: 300, text: SVGChart.text)
        let element = SVGChart.series(chart, spec.points)
        let path = try #require(element.split(separator: "\"").dropFirst().first)
        #expect(path.hasPrefix("M") && path.dropFirst().allSatisfy { $0 != "M" && $0 != "L" })
        let numbers = Self.numbers(in: path)
        var position = (x: numbers[0], y: numbers[1])
        var visited = [position]
        for move in stride(from: 2, to: numbers.count - 1, by: 2) {
            position = (position.x + numbers[move], position.y + numbers[move + 1])
            visited.append(position)
        }
        let expected = spec.points.map { (Double(SVGChart.tenths(chart.x($0.at))), Double(SVGChart.tenths(chart.y($0.value)))) }
        #expect(numbers.count == 2 * spec.points.count)
        #expect(zip(visited, expected).allSatisfy { abs($0.x * 10 - $1.0) < 1e-6 && abs($0.y * 10 - $1.1) < 1e-6 })
    }

    /// The numbers in a path, read as SVG does: a number ends at a space, a letter, a second `.` or a `-`.
    static func numbers(in path: Substring) -> [Double] {
        var numbers: [Double] = [], current = ""
        func finish() {
            if !current.isEmpty { numbers.append(Double(current) ?? .nan) }
            current = ""
        }
        for character in path {
            if character == "-" || (character == "." && current.contains(".")) { finish() }
            if character.isNumber || character == "." || character == "-" { current.append(character) } else { finish() }
        }
        finish()
        return numbers
    }

    @Test func linesAreDashedAndSpansShaded() {
        let svg = SVGChart.render(ChartSample.spec, width: 600, height: 300)
        #expect(svg.components(separatedBy: "stroke-dasharray=\"6 4\"").count == 2)
        #expect(svg.components(separatedBy: "fill=\"#dc2626\" fill-opacity=\"0.15\"").count == 2)
        #expect(svg.contains(">above 250</text>") && svg.contains(">BTC price (usd)</text>"))
        #expect(svg.contains(">06:00</text>") && svg.contains(">250</text>"))
        #expect(!svg.contains("id=") && !svg.contains("href"))
    }

    @Test func spansOutsideTheRangeAreNotDrawn() {
        var spec = ChartSample.spec
        spec.spans = [ChartSpan(from: ChartSample.from - .hours(5), to: ChartSample.from - .hours(1)),
                      ChartSpan(from: ChartSample.to + .hours(1), to: ChartSample.to + .hours(2))]
        #expect(!SVGChart.render(spec, width: 600, height: 300).contains("fill-opacity"))
    }
}
