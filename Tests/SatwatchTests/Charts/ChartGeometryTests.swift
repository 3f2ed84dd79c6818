@testable import SatwatchBase
@testable import SatwatchCharts
import Testing

@Suite struct ChartGeometryTests {
    @Test(arguments: [
        (1, 5, 0.2), (10, 5, 2), (7, 5, 2), (100, 4, 50), (0.003, 5, 0.001), (1000, 10, 100), (3, 3, 1), (162.4, 7, 50),
        (0.5, 2, 0.5), (1e9, 5, 2e8), (0, 5, 0),
    ] as [(Double, Int, Double)])
    func niceSteps(_ span: Double, _ maxCount: Int, _ expected: Double) {
        #expect(abs(ChartGeometry.niceStep(span: span, maxCount: maxCount) - expected) <= expected * 1e-12)
    }

    @Test(arguments: [
        (0, 1, 5, ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]),
        (92_000.5, 93_010, 5, ["92500", "93000"]),
        (-1, 1, 4, ["-1.0", "-0.5", "0.0", "0.5", "1.0"]),
        (0.000115, 0.000195, 4, ["0.00012", "0.00014", "0.00016", "0.00018"]),
        (98.8, 261.2, 7, ["100", "150", "200", "250"]),
        (1.2, 1.9, 4, ["1.2", "1.4", "1.6", "1.8"]),
    ] as [(Double, Double, Int, [String])])
    func valueTickLabels(_ low: Double, _ high: Double, _ maxCount: Int, _ expected: [String]) {
        #expect(ChartGeometry.valueTicks(low: low, high: high, maxCount: maxCount).map(\.label) == expected)
    }

    @Test(arguments: [
        (0.30000000000000004, 1, "0.3"), (-0.0001, 2, "0.00"), (-0.05, 2, "-0.05"), (92_284.6000001, 1, "92284.6"),
        (5, 0, "5"), (0.001, 3, "0.001"),
    ] as [(Double, Int, String)])
    func labels(_ value: Double, _ decimals: Int, _ expected: String) {
        #expect(ChartGeometry.label(value, decimals: decimals) == expected)
    }

    @Test func hugeLabelsFallBackToDisplayNumber() {
        #expect(ChartGeometry.label(1e20, decimals: 0) == DisplayNumber.format(1e20))
        #expect(ChartGeometry.label(-3e17, decimals: 2) == DisplayNumber.format(-3e17))
    }

    static func range(_ values: [Double], lines: [Double] = []) -> (low: Double, high: Double) {
        let points = values.enumerated().map { (ChartSample.from + .minutes(Int64($0.offset)), $0.element) }
        let spec = ChartSpec(points: points, from: ChartSample.from, to: ChartSample.to, lines: lines.map { ChartLine(value: $0) })
        return ChartGeometry.valueRange(spec, from: spec.from, to: spec.to)
    }

    @Test func valueRangeIncludesLinesAndIsPadded() {
        let range = Self.range([110, 190], lines: [250])
        #expect(abs(range.low - 98.8) < 1e-9 && abs(range.high - 261.2) < 1e-9)
        let below = Self.range([110, 190], lines: [-50])
        #expect(below.low < -50 && below.high > 190)
    }

    @Test func valueRangeOfOddSeries() {
        #expect(Self.range([]) == (0, 1))
        #expect(Self.range([.nan, .infinity, -.infinity]) == (0, 1))
        let flat = Self.range([100, 100, .nan, 100])
        #expect(flat.low < 99 && flat.low > 98 && flat.high > 101 && flat.high < 102)
        let zero = Self.range([0, 0])
        #expect(zero.low == 0 && zero.high > 1)
        // A price barely moving keeps labels apart: the range is at least 1e-5 of the value.
        let still = Self.range([92_284.61, 92_284.6100001])
        #expect(still.high - still.low >= 92_284.61 * 1e-5)
        // Non-negative values are not padded below zero.
        #expect(Self.range([0.5, 10]).low == 0)
    }

    @Test func pointsOutsideTheTimeRangeDoNotWidenIt() {
        let spec = ChartSpec(points: [(ChartSample.from - .hours(1), 1_000), (ChartSample.from, 10), (ChartSample.to, 20)],
                             from: ChartSample.from, to: ChartSample.to)
        #expect(ChartGeometry.valueRange(spec, from: spec.from, to: spec.to).high < 21)
    }

    @Test(arguments: [
        (0, 24 * 60, 8, 0, ["00:00", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00", "00:00"]),
        (17, 24 * 60, 8, 0, ["03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00", "00:00"]),
        (0, 24 * 60, 8, 3_600, ["03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00", "00:00"]),
        (0, 24 * 60, 8, -16_200, ["21:00", "00:00", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00"]),
        (0, 24 * 60, 4, 0, ["00:00", "06:00", "12:00", "18:00", "00:00"]),
        (5, 65, 4, 0, ["00:15", "00:30", "00:45", "01:00"]),
        (5, 65, 6, 0, ["00:10", "00:20", "00:30", "00:40", "00:50", "01:00"]),
        (0, 7 * 24 * 60, 8, 0, ["03-14", "03-15", "03-16", "03-17", "03-18", "03-19", "03-20", "03-21"]),
        (0, 0, 8, 0, []),
    ] as [(Int64, Int64, Int, Int, [String])])
    func timeTicks(_ fromMinute: Int64, _ toMinute: Int64, _ maxCount: Int, _ offset: Int, _ expected: [String]) {
        let ticks = ChartGeometry.timeTicks(from: ChartSample.from + .minutes(fromMinute), to: ChartSample.from + .minutes(toMinute),
                                            maxCount: maxCount, utcOffset: offset)
        #expect(ticks.map(\.label) == expected)
        #expect(ticks.allSatisfy { $0.at >= ChartSample.from + .minutes(fromMinute) && $0.at <= ChartSample.from + .minutes(toMinute) })
    }

    @Test(arguments: [(600, 300), (300, 150), (1200, 500), (2, 2)])
    func mappingFillsThePlotInsideThePicture(_ width: Int, _ height: Int) {
        for text in [SVGChart.text, PNGChart.text(scale: PNGChart.scale(width: width))] {
            let chart = ChartGeometry(spec: ChartSample.spec, width: width, height: height, text: text)
            #expect(chart.x(ChartSample.from) == chart.plotLeft && abs(chart.x(ChartSample.to) - chart.plotRight) < 1e-9)
            #expect(chart.y(chart.low) == chart.plotBottom && abs(chart.y(chart.high) - chart.plotTop) < 1e-9)
            #expect(chart.plotLeft < chart.plotRight && chart.plotTop < chart.plotBottom)
            #expect(chart.plotLeft >= 0 && chart.plotRight <= Double(width) + 1 && chart.plotTop >= 0)
            guard width >= 300 else { continue }
            // The widest tick label fits left of the plot, the threshold is inside it.
            let widest = Double(chart.valueTicks.map(\.label.count).max() ?? 0) * text.charWidth
            #expect(chart.plotLeft - ChartGeometry.gap >= widest)
            #expect(chart.y(250) > chart.plotTop && chart.y(250) < chart.plotBottom)
        }
    }

    @Test func spansAreCutToThePlotAndStayVisible() {
        let chart = ChartGeometry(spec: ChartSample.spec, width: 600, height: 300, text: SVGChart.text)
        let from = ChartSample.from, to = ChartSample.to
        let ranges = chart.spanRanges([
            ChartSpan(from: from - .hours(2), to: from + .hours(1)), ChartSpan(from: from + .hours(3), to: from + .hours(3)),
            ChartSpan(from: to - .hours(1), to: to + .hours(5)), ChartSpan(from: to + .hours(1), to: to + .hours(2)),
            ChartSpan(from: from + .hours(5), to: from + .hours(4)),
        ])
        #expect(ranges.count == 3)
        #expect(ranges[0].left == chart.plotLeft && ranges[0].right == chart.x(from + .hours(1)))
        #expect(ranges[1].right - ranges[1].left == 1)
        #expect(abs(ranges[2].right - chart.plotRight) < 1e-9)
    }

    /// A band's two labels: above each line, unless the upper label would leave the plot or the
    /// lower one would run into the upper.
    @Test func bandLabelsDoNotCollide() {
        let chart = ChartGeometry(spec: ChartSample.spec, width: 600, height: 300, text: SVGChart.text)
        let apart = chart.visibleLines([ChartLine(value: 120, label: "low"), ChartLine(value: 180, label: "high")])
        #expect(apart.map(\.label) == ["high", "low"] && apart.allSatisfy(\.labelAbove))
        let close = chart.visibleLines([ChartLine(value: 150, label: "low"), ChartLine(value: 151, label: "high")])
        #expect(close.map(\.labelAbove) == [true, false])
        let top = chart.visibleLines([ChartLine(value: chart.high, label: "top"), ChartLine(value: .nan, label: "gone")])
        #expect(top.count == 1 && top[0].labelAbove == false)
    }

    @Test(arguments: [("short", 100, 10, "short"), ("a longer title", 100, 10, "a longe..."), ("abc", 20, 10, ""), ("", 0, 10, "")]
        as [(String, Double, Double, String)])
    func titlesAreFitted(_ text: String, _ room: Double, _ charWidth: Double, _ expected: String) {
        #expect(ChartGeometry.fitted(text, room: room, charWidth: charWidth) == expected)
    }
}
