import Glibc
import SatwatchFeeds


// satwatch benchmarks: run through `bench/run` (release build). Prints a Markdown table.
// The recorded feed frames: the folder given, or the repository's (bench/run runs from its root).
// `--windows`: only issue 20's engine rows (the 1,000-rule mix, deadlines, the rule board: a
// quick before/after of the engine's costs). `--decode`: only the frame decoding rows (a quick
// before/after of the JSON parser and the decoders).
let arguments = CommandLine.arguments.dropFirst()
let fixtures = arguments.first { !$0.hasPrefix("--") } ?? "Tests/Fixtures/feeds"
let onlyWindows = arguments.contains("--windows")
var table = BenchTable()
if arguments.contains("--decode") {
    DecodeBench.addRows(to: &table, fixtures: fixtures)
    print(table.render())
    exit(0)
}
for count in [1, 100, 10_000] where !onlyWindows {
    let rate = RuleEvaluationBench.run(ruleCount: count, evaluations: 20_000_000)
    table.add("rule evaluations, \(count) rule\(count == 1 ? "" : "s")", Format.millions(rate), "M evals/s", target: ">= 5")
}
let mixRate = try WindowRulesBench.run(seconds: 3)
table.add("rule evaluations, 1,000 rules (100 on sma/max 4h, 400 pending) at 10 frames/s", Format.millions(mixRate),
          "M evals/s", target: ">= 1")
let deadlineCost = EngineCostBench.deadlines(rules: 10_000, seconds: 2)
table.add("a frame with 10,000 rules pending (advance, ingest, next deadline)", Format.fixed(deadlineCost, 2), "us", target: "<= 10")
for changesOnly in [false, true] {
    let cost = EngineCostBench.publish(rules: 1_000, changesOnly: changesOnly, seconds: 2)
    table.add("a frame changing 1 of 1,000 rules, rule board publishing \(changesOnly ? "the change" : "every rule")",
              Format.fixed(cost, 2), "us", target: changesOnly ? "<= 10" : "")
}
for skipping in [false, true] {
    let cost = try EngineCostBench.feeFrame(skipping: skipping, seconds: 2)
    table.add("a fee frame, latency.py's 1,000 rules, \(skipping ? "rules of repeated values skipped" : "every rule evaluated")",
              Format.fixed(cost, 1), "us")
}
if onlyWindows {
    print(table.render())
    exit(0)
}
for (kind, label) in [(ConditionEvaluationBench.Kind.compound, "compound (all of 2 metrics)"), (.sma, "sma(btc.usd, 200d)")] {
    for count in [1, 100] {
        let rate = try ConditionEvaluationBench.run(kind, ruleCount: count, evaluations: 10_000_000)
        table.add("\(label) evaluations, \(count) rule\(count == 1 ? "" : "s")", Format.millions(rate), "M evals/s", target: ">= 1")
    }
}
for idle in [1, 100] {
    let wake = await WakeBench.run(idleMilliseconds: idle, rounds: idle > 10 ? 100 : 1_000)
    table.add("evaluator inbox: input from a thread that slept \(idle) ms → the waiting task runs, p50", Format.fixed(wake.p50, 0), "us")
    table.add("evaluator inbox: input from a thread that slept \(idle) ms → the waiting task runs, p99", Format.fixed(wake.p99, 0), "us")
}
let latency = try CommitLatencyBench.run(commits: 2_000)
table.add("state+outbox commit p50", Format.fixed(latency.p50, 3), "ms")
table.add("state+outbox commit p99", Format.fixed(latency.p99, 3), "ms", target: "<= 2")
table.add("state+outbox commit max", Format.fixed(latency.max, 3), "ms")
table.add("state+outbox commit p99, thread CPU", Format.fixed(latency.cpuP99, 3), "ms")
DecodeBench.addRows(to: &table, fixtures: fixtures)
let year = try RetentionBench.run(days: 365, perDay: 200)
table.add("state file after a year at 200 notifications/day, 2 channels, 30d retention",
          Format.fixed(Double(year.databaseBytes) / 1_048_576, 2), "MiB", target: "< 4")
table.add("state file + WAL, peak over that year", Format.fixed(Double(year.peakBytes) / 1_048_576, 2), "MiB", target: "< 8")
table.add("hourly prune + incremental vacuum p99", Format.fixed(year.pruneP99, 1), "ms")
let closes = DailyClosesBench.run(metrics: 100, days: 200, lookups: 20_000_000)
table.add("daily closes, 200 days x 100 metrics, heap", String(closes.bytes), "bytes")
table.add("memoised window reads (sma/max/ema over daily closes)", Format.millions(closes.lookupsPerSecond), "M reads/s",
          target: ">= 1")
let chart = ChartBench.run(width: 600, height: 300, rounds: 50)
table.add("PNG chart 600x300, 1,440 points, threshold, 2 firing spans: render + encode", Format.fixed(chart.pngMilliseconds, 2), "ms")
table.add("that PNG's size", String(chart.pngBytes), "bytes", target: "< 50000")
table.add("SVG chart of the same, for the page", Format.fixed(chart.svgMilliseconds, 2), "ms")
table.add("that SVG's size", String(chart.svgBytes), "bytes")
let series = try SeriesBench.run(metrics: 100, perMinute: 4)
table.add("metric series, 24 h x 1 min x 100 metrics, heap", Format.fixed(Double(series.bytes) / 1_048_576, 2), "MiB")
table.add("metric series samples recorded", Format.millions(series.recordsPerSecond), "M samples/s")
table.add("metric series, one metric's 24 h read", Format.fixed(series.readMicroseconds, 1), "us")
table.add("metric series minute flush (100 metrics) p50", Format.fixed(series.flushP50, 2), "ms")
table.add("metric series minute flush (100 metrics) p99", Format.fixed(series.flushP99, 2), "ms")
table.add("metric series minute flush (100 metrics) p99, thread CPU", Format.fixed(series.flushCPUP99, 2), "ms")
table.add("metric series in the state file, 24 h x 100 metrics", Format.fixed(Double(series.fileBytes) / 1_048_576, 2), "MiB")
let page = PageBench.run(rules: 100, rounds: 20)
table.add("the page (/) with 100 rules, each charting 1,440 minutes: render", Format.fixed(page.milliseconds, 1), "ms")
table.add("that page's size", Format.fixed(Double(page.bytes) / 1024, 0), "KiB")
let growth = try StateGrowthBench.run(count: 100_000)
table.add("state file per million notifications, 1 channel each, none pruned (measured over 100,000)",
          Format.fixed(growth.bytesPerNotification * 1_000_000 / 1_048_576, 0), "MiB")
table.add("notifications committed and marked sent, 100 a transaction", Format.fixed(growth.notificationsPerSecond, 0), "/s")
print(table.render())
