/// What a notification about a watched coin adds to its message, in a person's words: the
/// address or txid, amounts in BTC, for a replacement the new txid, and links on the feed's
/// explorer (`https://mempool.space/tx/TXID`, `/address/ADDRESS`).
package struct ChainNotes: Sendable {
    let watch: ChainWatch
    /// The explorer's base, without a trailing `/`: `"explorer"`, else the feed's own site.
    let explorer: String

    /// Notes for the mempool feed `settings` and `url`; nil without a watch.
    package init?(settings: MempoolSettings, url: String) {
        guard !settings.watch.isEmpty, let explorer = settings.explorer ?? MempoolDecoder.restBase(webSocketURL: url) else { return nil }
        watch = settings.watch
        self.explorer = explorer
    }

    /// One line per watched coin among `metrics` (each once, in the order named), with what the
    /// decoder knows of it now.
    package func lines(for metrics: [String], decoder: (any FrameDecoder)?) -> [String] {
        let tracker = (decoder as? MempoolDecoder)?.chain
        var lines: [String] = []
        var seen: Set<String> = []
        for metric in metrics {
            let parts = metric.split(separator: ".")
            guard parts.count == 3, seen.insert("\(parts[0]).\(parts[1])").inserted else { continue }
            if parts[0] == "address", let watched = watch.addresses.first(where: { $0.name == parts[1] }) {
                lines.append(addressLine(watched.address.text, tracker: tracker))
            } else if parts[0] == "tx", let watched = watch.transactions.first(where: { $0.name == parts[1] }) {
                lines.append(transactionLine(watched.txid, tracker: tracker))
            }
        }
        return lines
    }

    /// `Address ADDRESS: balance 0.0035 BTC, unconfirmed +0.0025 BTC. LINK`.
    private func addressLine(_ address: String, tracker: ChainTracker?) -> String {
        var line = "Address \(address)"
        if let state = tracker?.addresses[address] {
            var amounts: [String] = []
            if let balance = state.balance { amounts.append("balance \(Self.btc(balance)) BTC") }
            let pending = state.unconfirmed
            amounts.append("unconfirmed \(pending > 0 ? "+" : "")\(Self.btc(pending)) BTC")
            line += ": " + amounts.joined(separator: ", ")
        }
        return line + ". \(explorer)/address/\(address)"
    }

    /// `Transaction TXID: LINK`, and what replaced it.
    private func transactionLine(_ txid: String, tracker: ChainTracker?) -> String {
        var line = "Transaction \(txid): \(explorer)/tx/\(txid)"
        if let replacement = tracker?.replacement(of: txid) {
            line += " — replaced by \(replacement): \(explorer)/tx/\(replacement)"
        }
        return line
    }

    /// Satoshis in BTC, without trailing zeros (`0.0025`, `-1.5`, `0`).
    static func btc(_ satoshis: Int64) -> String {
        let sign = satoshis < 0 ? "-" : ""
        let magnitude = satoshis.magnitude
        var fraction = String(magnitude % 100_000_000)
        fraction = String(repeating: "0", count: 8 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 100_000_000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
