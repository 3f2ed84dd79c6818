import SatwatchKit

// satwatch benchmarks: run through `bench/run` (release build). Prints a Markdown table.
let fixtures = CommandLine.arguments.dropFirst().first ?? "../shared/fixtures"
var table = BenchTable()
for count in [1, 100, 10_000] {
    let rate = RuleEvaluationBench.run(ruleCount: count, evaluations: 20_000_000)
    table.add("rule evaluations, \(count) rule\(count == 1 ? "" : "s")", Format.millions(rate), "M evals/s", target: ">= 5")
}
let latency = try CommitLatencyBench.run(commits: 2_000)
table.add("state+outbox commit p50", Format.fixed(latency.p50, 3), "ms")
table.add("state+outbox commit p99", Format.fixed(latency.p99, 3), "ms", target: "<= 2")
table.add("state+outbox commit max", Format.fixed(latency.max, 3), "ms")
table.add("state+outbox commit p99, thread CPU", Format.fixed(latency.cpuP99, 3), "ms")
let decodeRate = try DecodeBench.run(fixture: fixtures + "/mempool-ws-fees.jsonl", rounds: 100)
table.add("mempool frames decoded", Format.fixed(decodeRate, 0), "frames/s", target: ">= 10000")
print(table.render())
