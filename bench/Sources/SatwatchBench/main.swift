import SatwatchKit

// satwatch benchmarks: run through `bench/run` (release build). Prints a Markdown table.
var table = BenchTable()
for count in [1, 100, 10_000] {
    let rate = RuleEvaluationBench.run(ruleCount: count, evaluations: 20_000_000)
    table.add("rule evaluations, \(count) rule\(count == 1 ? "" : "s")", Format.millions(rate), "M evals/s", target: ">= 5")
}
print(table.render())
