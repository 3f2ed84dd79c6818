import SatwatchTestSupport
@testable import SatwatchBase
@testable import SatwatchCharts
import Testing

@Suite struct PNGChartTests {
    /// The 600 x 300 chart, decoded by Python: the same pixels as drawn, and at the places the
    /// geometry gives, the colours of the threshold, a firing span and the series.
    @Test func pythonDecodesTheChartWithItsColoursInPlace() async throws {
        let spec = ChartSample.spec
        let png = PNGChart.render(spec, width: 600, height: 300)
        #expect(png.count < 50_000, "a 600x300 chart is \(png.count) bytes")
        let decoded = try await PythonProbe.decodedPNG(png)
        #expect(decoded.summary == "600 300 3 IHDR,PLTE,IDAT,IEND")
        #expect(decoded.rgb == PNGChart.draw(spec, width: 600, height: 300).pixels)
        func colour(_ x: Int, _ y: Int) -> RGBColor {
            let index = (y * 600 + x) * 3
            return RGBColor(decoded.rgb[index], decoded.rgb[index + 1], decoded.rgb[index + 2])
        }
        let chart = ChartGeometry(spec: spec, width: 600, height: 300, text: PNGChart.text(scale: 1))
        let thresholdRow = Int(chart.y(250).rounded()), lineStart = Int(chart.plotLeft.rounded())
        // Dashes of 6 pixels with gaps of 4, from the plot's left edge.
        #expect(colour(lineStart + 2, thresholdRow) == ChartPalette.threshold)
        #expect(colour(lineStart + 12, thresholdRow) == ChartPalette.threshold)
        #expect(colour(lineStart + 7, thresholdRow) != ChartPalette.threshold)
        // Between the wave's top (190) and the threshold: light red inside 06:00-08:00, white after.
        let clearRow = Int(chart.y(222).rounded())
        #expect(!chart.valueTicks.contains { Int(chart.y($0.value).rounded()) == clearRow })
        let lightRed = ChartPalette.firing.blended(over: ChartPalette.background, alpha: ChartPalette.firingAlpha)
        #expect(lightRed == RGBColor(250, 222, 222))
        #expect(colour(Int(chart.x(ChartSample.from + .hours(7)).rounded()), clearRow) == lightRed)
        #expect(colour(Int(chart.x(ChartSample.from + .hours(13)).rounded()), clearRow) == ChartPalette.background)
        for minute in [100, 500, 800, 1300] {
            let point = ChartSample.points[minute]
            #expect(colour(Int(chart.x(point.at).rounded()), Int(chart.y(point.value).rounded())) == ChartPalette.series)
        }
        // The title's ink at the top left, the tick labels' below the plot.
        #expect((0..<30).contains { y in (0..<200).contains { colour($0, y) == ChartPalette.title } })
        #expect((Int(chart.plotBottom) + 2..<300).contains { y in (0..<600).contains { colour($0, y) == ChartPalette.text } })
    }

    /// Odd charts still make valid images: nothing to draw, only gaps, a reversed range, tiny and large sizes.
    @Test(arguments: [
        ("empty", ChartSpec(points: [], from: ChartSample.from, to: ChartSample.to), 600, 300),
        ("only gaps", ChartSpec(points: [(ChartSample.from, .nan), (ChartSample.to, .nan)],
                                from: ChartSample.from, to: ChartSample.to), 600, 300),
        ("reversed range", ChartSpec(points: ChartSample.points, from: ChartSample.to, to: ChartSample.from,
                                     lines: [ChartLine(value: .infinity, label: "x")],
                                     spans: [ChartSpan(from: ChartSample.to, to: ChartSample.from)]), 600, 300),
        ("one pixel", ChartSample.spec, 1, 1),
        ("tiny", ChartSample.spec, 40, 20),
        ("no pixels asked", ChartSample.spec, 0, -5),
        ("wide, larger font", ChartSample.spec, 1200, 500),
        ("hostile title", ChartSpec(points: ChartSample.points, from: ChartSample.from, to: ChartSample.to,
                                    title: "</svg><script>alert(1)</script> \"&'<> 日本 🙂"), 600, 300),
    ] as [(String, ChartSpec, Int, Int)])
    func oddChartsDecode(_ name: String, _ spec: ChartSpec, _ width: Int, _ height: Int) async throws {
        let png = PNGChart.render(spec, width: width, height: height)
        let decoded = try await PythonProbe.decodedPNG(png)
        #expect(decoded.summary.hasPrefix("\(max(width, 1)) \(max(height, 1)) 3 "), "\(name)")
    }

    @Test(arguments: [(600, 1), (999, 1), (1000, 2), (1999, 2), (2000, 3)])
    func fontScaleGrowsWithWidth(_ width: Int, _ scale: Int) {
        #expect(PNGChart.scale(width: width) == scale)
    }
}
