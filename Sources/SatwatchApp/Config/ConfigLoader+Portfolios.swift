import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchRules

extension ConfigLoader {
    /// `portfolios`: name → `{"currency": "usd", "holdings": {"btc": 0.5, "eth": 2}}`, each
    /// published as the derived metric `portfolio.<name>` = Σ holding × `<asset>.<currency>`
    /// (cash, a holding of `<currency>` itself, counts at 1 per unit), so it is computed, stored
    /// and stale exactly like one (stale while any price is). `feeds` nil: prices are not
    /// checked against feeds (a rule test).
    static func loadPortfolios(_ object: ConfigObject, feeds: [FeedConfig]?) -> [DerivedMetric] {
        var object = object
        let context = RuleLoader.Context(feeds: feeds)
        var portfolios: [DerivedMetric] = []
        for member in object.members {
            _ = object.member(member.key)
            guard object.checkKeyLength(member),
                  var portfolio = ConfigObject(member.node, path: object.path, log: object.log) else { continue }
            if let metric = readPortfolio(member, &portfolio, context: context) { portfolios.append(metric) }
            portfolio.finish()
        }
        object.finish()
        return portfolios
    }

    private static func readPortfolio(_ member: JSONMember, _ object: inout ConfigObject, context: RuleLoader.Context) -> DerivedMetric? {
        let name = "portfolio.\(member.key)"
        var valid = isLowercaseName(member.key)
        if !valid {
            object.report(at: member.keyLocation, "invalid portfolio name \"\(member.key)\" (lowercase letters, digits and _, e.g. \"main\")")
        }
        let currency = object.string("currency", required: true)
        if let currency, !MetricCatalog.isAssetCode(currency) {
            object.report("currency", "invalid currency \"\(currency)\" (a lowercase code such as \"usd\")")
            _ = object.member("holdings")
            return nil
        }
        guard var holdings = object.object("holdings", required: true), let currency else { return nil }
        var terms: [String] = []
        var priced = false
        for holding in holdings.members {
            guard let amount = holdings.number(holding.key) else { valid = false; continue }
            let metric = "\(holding.key).\(currency)"
            if amount <= 0 || !amount.isFinite {
                holdings.report(holding.key, "holding of \"\(holding.key)\" must be a positive amount")
                valid = false
            } else if holding.key == currency {
                // Cash in the portfolio's own currency is worth its amount: no price to wait for.
                terms.append("\(amount)")
            } else if MetricCatalog.price(of: metric) == nil {
                holdings.report(at: holding.keyLocation, "invalid asset \"\(holding.key)\" (a lowercase code such as \"btc\", or \"\(currency)\" for cash)")
                valid = false
            } else if let problem = RuleParser.metricProblem(metric, pinned: false, context: context) {
                holdings.report(at: holding.keyLocation, problem)
                valid = false
            } else {
                terms.append("\(amount) * \(metric)")
                priced = true
            }
        }
        holdings.finish()
        if holdings.members.isEmpty {
            holdings.report(nil, "a portfolio needs at least one holding")
            valid = false
        } else if valid, !priced {
            // A constant is never recomputed, so it would never be published (as `derived`
            // refuses a metric that reads none).
            holdings.report(nil, "a portfolio needs a holding other than cash in \"\(currency)\" (cash alone never changes)")
            valid = false
        }
        guard valid, let expression = try? Expression(parsing: terms.joined(separator: " + ")) else { return nil }
        return DerivedMetric(name: name, expression: expression)
    }

    /// Lowercase letters, digits and `_`, starting with a letter.
    private static func isLowercaseName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
