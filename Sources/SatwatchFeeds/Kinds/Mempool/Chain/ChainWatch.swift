import SatwatchBase
import SatwatchJSON

/// What a mempool feed watches on chain (`"watch"`): named addresses and transactions. Each name
/// gives metrics `address.NAME.balance` and `.unconfirmed`, or `tx.NAME.confirmations`,
/// `.fee_rate`, `.block` and `.replaced`.
package struct ChainWatch: Sendable, Equatable {
    /// A watched address and the name its metrics carry.
    package struct Address: Sendable, Equatable {
        package var name: String
        package var address: BitcoinAddress

        package init(name: String, address: BitcoinAddress) {
            self.name = name
            self.address = address
        }
    }

    /// A watched transaction (its txid in lowercase hex) and the name its metrics carry.
    package struct Transaction: Sendable, Equatable {
        package var name: String
        package var txid: String

        package init(name: String, txid: String) {
            self.name = name
            self.txid = txid
        }
    }

    package var addresses: [Address] = []
    package var transactions: [Transaction] = []
    /// The metrics of entries listed but refused (a bad address or txid, reported at its place):
    /// a rule on one is explained by that problem, not by a second one saying nothing
    /// publishes it.
    package var refusedMetrics: Set<String> = []

    package init(addresses: [Address] = [], transactions: [Transaction] = []) {
        self.addresses = addresses
        self.transactions = transactions
    }

    /// Whether nothing is watched.
    package var isEmpty: Bool { addresses.isEmpty && transactions.isEmpty }

    /// The metrics of an address.
    static let addressFields = ["balance", "unconfirmed"]
    /// The metrics of a transaction.
    static let transactionFields = ["confirmations", "fee_rate", "block", "replaced"]

    /// Every metric the watch publishes.
    package var metrics: [String] {
        addresses.flatMap { address in Self.addressFields.map { "address.\(address.name).\($0)" } }
            + transactions.flatMap { tx in Self.transactionFields.map { "tx.\(tx.name).\($0)" } }
    }

    /// The descriptor of a metric of the shape a watch publishes (`address.NAME.balance`,
    /// `tx.NAME.fee_rate`, …), whatever the name; nil for any other name.
    package static func descriptor(for metric: String) -> MetricDescriptor? {
        let parts = metric.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, isName(parts[1]) else { return nil }
        let unit: String
        switch (parts[0], parts[2]) {
        case ("address", "balance"), ("address", "unconfirmed"): unit = "BTC"
        case ("tx", "confirmations"): unit = "blocks"
        case ("tx", "fee_rate"): unit = "sat/vB"
        case ("tx", "block"): unit = "blocks"
        case ("tx", "replaced"): unit = ""
        default: return nil
        }
        return MetricDescriptor(name: metric, unit: unit, sources: [.mempool])
    }

    /// The watch's name of a metric name's kind (`address` or `tx`), and the watch key that
    /// lists them, for `check`'s hint when a rule names one that is not watched.
    package static func watchKey(of metric: String) -> String? {
        guard descriptor(for: metric) != nil else { return nil }
        return metric.hasPrefix("address.") ? "addresses" : "transactions"
    }

    /// `[a-z0-9_]+`: a name that reads as one word inside an expression.
    static func isName<Text: StringProtocol>(_ name: Text) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Whether `text` is a txid: 64 hexadecimal digits. Nil when it is; else the problem and the
    /// 0-based character at fault when one is.
    package static func txidProblem(_ text: String) -> (message: String, offset: Int?)? {
        let scalars = Array(text.unicodeScalars)
        if let offset = scalars.firstIndex(where: { !$0.properties.isASCIIHexDigit }) {
            return ("character \(offset + 1) (\"\(Character(scalars[offset]))\") is not a hexadecimal digit (a txid is 64 of them)", offset)
        }
        if scalars.count != 64 { return ("a txid has 64 hexadecimal digits, this one has \(scalars.count)", nil) }
        return nil
    }
}

/// Reading `"watch"` from a feed's config object.
extension ChainWatch {
    /// The watch in `object`'s `"watch"`; every problem (a bad name, address or txid, an address
    /// of another network than `network`'s) reported at its place, the entry left out.
    static func read(_ object: inout ConfigObject, network: BitcoinNetwork) -> ChainWatch {
        guard var watch = object.object("watch") else { return ChainWatch() }
        var result = ChainWatch()
        if var addresses = watch.object("addresses") {
            for member in addresses.members {
                _ = addresses.member(member.key)
                guard let text = named(member, in: addresses) else { continue }
                let address: BitcoinAddress
                do {
                    address = try BitcoinAddress(parsing: text)
                } catch {
                    let location = error.offset.map { addresses.location(at: $0, inStringAt: member.node.location) } ?? member.node.location
                    addresses.report(at: location, "invalid address \"\(text)\": \(error.message)")
                    result.refusedMetrics.formUnion(addressFields.map { "address.\(member.key).\($0)" })
                    continue
                }
                guard address.belongs(to: network) else {
                    addresses.report(at: member.node.location, "\(address.text) is a \(address.network) address, but the feed serves \(network)"
                                     + (network == .main ? " (a /testnet4, /testnet or /signet path in \"url\" serves the test networks)" : ""))
                    result.refusedMetrics.formUnion(addressFields.map { "address.\(member.key).\($0)" })
                    continue
                }
                result.addresses.append(Address(name: member.key, address: address))
            }
            addresses.finish()
        }
        if var transactions = watch.object("transactions") {
            for member in transactions.members {
                _ = transactions.member(member.key)
                guard let text = named(member, in: transactions) else { continue }
                if let problem = txidProblem(text) {
                    let location = problem.offset.map { transactions.location(at: $0, inStringAt: member.node.location) } ?? member.node.location
                    transactions.report(at: location, "invalid txid \"\(text)\": \(problem.message)")
                    result.refusedMetrics.formUnion(transactionFields.map { "tx.\(member.key).\($0)" })
                    continue
                }
                result.transactions.append(Transaction(name: member.key, txid: text.lowercased()))
            }
            transactions.finish()
        }
        watch.finish()
        return result
    }

    /// The string of an entry whose key is a valid name; nil (reported) otherwise.
    private static func named(_ member: JSONMember, in object: ConfigObject) -> String? {
        guard isName(member.key) else {
            object.report(at: member.keyLocation, "\"\(member.key)\" is not a name: use lowercase letters, digits and _ "
                          + "(metric names appear in expressions, where - is minus)")
            return nil
        }
        guard let text = member.node.string else {
            return object.typeMismatch(member.node, expected: "a string")
        }
        return text
    }
}
