import SatwatchBase
import SatwatchJSON

/// What the mempool feed learns about the coins it watches (`"watch"`), from three sources:
/// - the REST answers the feed reads at every connect and new block (`/api/address/ADDRESS`:
///   `chain_stats` and `mempool_stats`; `/api/tx/TXID`: `fee`, `weight`, `status`), which set
///   every value outright;
/// - the WebSocket answers to `track-addresses` (`multi-address-transactions`, per address its
///   `mempool`, `confirmed` and `removed` transactions; `address-transactions` and
///   `block-transactions` for `track-address`), which move the values between two reads;
/// - the answers to `track-txs` (`tracked-txs`: per txid `position.block`, `confirmed`,
///   `replacedBy`) and to `track-tx` (`txPosition`, `txConfirmed`, `txReplaced`,
///   `rbfTransaction`, which name no txid and so are read only when one transaction is watched).
///
/// Confirmations count from the tip the feed's own `blocks`/`block` report; a transaction mempool
/// says confirmed in a frame that also carries the new `block` was mined in that block.
struct ChainTracker: Sendable {
    /// What one address holds, in satoshis. Every amount stored stays within ±``supply``, so no
    /// sum of two of them can overflow, whatever a feed sends.
    struct AddressState: Sendable {
        /// The confirmed balance; nil until the first REST answer.
        var balance: Int64?
        /// The mempool net the last REST answer reported, less what has confirmed or left the
        /// mempool since.
        var restPending: Int64 = 0
        /// The mempool net of each transaction the WebSocket reported since that answer.
        var pending: [String: Int64] = [:]
        /// The transactions whose net was taken off `restPending` since that answer, so that a
        /// second word of one (removed, then mined after all) does not take it off twice.
        var settled: Set<String> = []

        /// The net of all its unconfirmed transactions. What comes in and what goes out are
        /// summed apart, each held at the supply: neither can exceed every bitcoin there is, and
        /// a hostile feed's many transactions (each within the supply) cannot overflow the sum.
        var unconfirmed: Int64 {
            var incoming: Int64 = 0, outgoing: Int64 = 0
            for net in [restPending] + pending.values {
                if net > 0 {
                    incoming = min(incoming + net, ChainTracker.supply)
                } else {
                    outgoing = min(outgoing - net, ChainTracker.supply)
                }
            }
            return incoming - outgoing
        }

        /// Takes the net of `txid`, mined or gone from the mempool, off the unconfirmed figures:
        /// its WebSocket entry when it was heard since the last REST answer; otherwise its share of
        /// that answer's mempool figure (when there was one: the transaction was counted in it),
        /// once. `net` is nil when the feed named the transaction without its amounts: then only
        /// a WebSocket entry can go, and the REST figure stays until the next REST read (on every
        /// connect and new block) sets it outright, since guessing would be wrong either way.
        /// False, changing nothing, when the figure would leave the supply (no real transaction
        /// does that).
        mutating func settle(_ txid: String, net: Int64?) -> Bool {
            if pending.removeValue(forKey: txid) != nil { return true }
            guard let net, restPending != 0, !settled.contains(txid) else { return true }
            guard let rest = ChainTracker.withinSupply(restPending - net) else { return false }
            restPending = rest
            settled.insert(txid)
            return true
        }
    }

    /// What is known of one transaction.
    struct TransactionState: Sendable {
        /// The height of the block that holds it; nil while unconfirmed or unknown.
        var height: Double?
        /// The txid that replaced it.
        var replacedBy: String?
    }

    let watch: ChainWatch
    /// The highest block height heard.
    private(set) var tip: Double?
    private(set) var addresses: [String: AddressState] = [:]
    private(set) var transactions: [String: TransactionState] = [:]

    init(watch: ChainWatch) { self.watch = watch }

    /// The keys a frame may carry for the watch; REST answers are told by theirs.
    static let keys: Set<String> = [
        "multi-address-transactions", "address-transactions", "block-transactions", "tracked-txs", "txPosition",
        "txConfirmed", "txReplaced", "rbfTransaction", "address", "chain_stats", "mempool_stats", "txid", "fee", "weight",
        "status",
    ]

    /// Satoshis per bitcoin.
    static let satoshis = 100_000_000.0
    /// Every bitcoin there will ever be (21 million), in satoshis: no amount, and no sum of an
    /// address's amounts, can go beyond it either way.
    static let supply: Int64 = 21_000_000 * 100_000_000

    /// `amount` when it is within ±``supply``.
    static func withinSupply(_ amount: Int64) -> Int64? { abs(amount) <= supply ? amount : nil }

    /// Whether `key` is one of the frame keys the watch reads (the others are mempool's own).
    static func isChainKey(_ key: String) -> Bool { keys.contains(key) }

    /// Reads the watch's part of a frame whose data members are `object`; `newBlock` is the
    /// height of a `block` in the same frame. Adds the samples to `batch`; true when the frame
    /// carried anything for the watch.
    mutating func read(_ object: JSONNode, newBlock: Double?, into batch: inout SampleBatch) -> Bool {
        var carried = false
        if object["chain_stats"] != nil {
            restAddress(object, into: &batch)
            carried = true
        } else if object["txid"]?.string != nil, object["status"] != nil {
            restTransaction(object, into: &batch)
            carried = true
        }
        for member in object.members ?? [] {
            switch member.key {
            case "multi-address-transactions": multiAddress(member.node, into: &batch)
            case "address-transactions": addressTransactions(member.node, confirmed: false, into: &batch)
            case "block-transactions": addressTransactions(member.node, confirmed: true, into: &batch)
            case "tracked-txs": trackedTransactions(member.node, newBlock: newBlock, into: &batch)
            case "txPosition":
                guard let txid = member.node["txid"]?.string else { batch.reject(.unexpectedShape); continue }
                position(txid, member.node["position"], into: &batch)
            case "txConfirmed":
                guard let txid = member.node.string ?? soleTransaction else { continue }
                if let newBlock { mined(txid, at: newBlock, into: &batch) }
            case "txReplaced", "rbfTransaction":
                guard let txid = soleTransaction, let by = member.node["txid"]?.string else { continue }
                replaced(txid, by: by, into: &batch)
            default: continue
            }
            carried = true
        }
        return carried
    }

    /// Records a new tip and publishes every mined transaction's confirmations from it.
    mutating func heard(tip height: Double, into batch: inout SampleBatch) {
        tip = max(tip ?? height, height)
        for watched in watch.transactions {
            if let mined = transactions[watched.txid]?.height { publishConfirmations(watched.txid, height: mined, into: &batch) }
        }
    }

    /// The one watched txid, when exactly one is watched (what `track-tx`'s answers are about).
    private var soleTransaction: String? { watch.transactions.count == 1 ? watch.transactions[0].txid : nil }

    // MARK: REST answers

    /// `/api/address/ADDRESS`: funded minus spent, confirmed and in the mempool.
    private mutating func restAddress(_ node: JSONNode, into batch: inout SampleBatch) {
        guard let text = node["address"]?.string, let confirmed = Self.net(node["chain_stats"]),
              let unconfirmed = Self.net(node["mempool_stats"]) else { return batch.reject(.unexpectedShape) }
        guard let key = watchedAddress(text) else { return }
        addresses[key] = AddressState(balance: confirmed, restPending: unconfirmed)
        publish(address: key, into: &batch)
    }

    /// `funded_txo_sum - spent_txo_sum` of esplora's stats; nil when either is missing or not a
    /// whole number of satoshis within 21 million BTC.
    private static func net(_ stats: JSONNode?) -> Int64? {
        guard let funded = satoshiAmount(stats?["funded_txo_sum"]), let spent = satoshiAmount(stats?["spent_txo_sum"]) else { return nil }
        return funded - spent
    }

    /// `/api/tx/TXID`: its fee rate, and where it stands.
    private mutating func restTransaction(_ node: JSONNode, into batch: inout SampleBatch) {
        guard let txid = node["txid"]?.string?.lowercased(), watch.transactions.contains(where: { $0.txid == txid }) else { return }
        guard let confirmed = node["status"]?["confirmed"]?.bool else { return batch.reject(.unexpectedShape) }
        if let fee = node["fee"]?.number, let weight = node["weight"]?.number, fee >= 0, weight >= 4, fee.isFinite, weight.isFinite {
            // mempool's rate: the fee over the virtual size (a quarter of the weight).
            let rate = (fee / (weight / 4) * 100).rounded() / 100
            for name in names(of: txid) { batch.add("tx.\(name).fee_rate", rate) }
        } else {
            batch.reject(.unexpectedShape)
        }
        if confirmed {
            guard let height = node["status"]?["block_height"]?.number, ValueDomain.blockHeight.admits(height) else {
                return batch.reject(.unexpectedShape)
            }
            mined(txid, at: height, into: &batch)
        } else {
            transactions[txid, default: TransactionState()].height = nil
            for name in names(of: txid) { batch.add("tx.\(name).confirmations", 0) }
        }
        // A mined transaction was not replaced after all. One still in the mempool by an answer
        // read before the WebSocket told of its replacement (a read races the stream) stays
        // replaced: what replaced it is newer news.
        if confirmed { transactions[txid, default: TransactionState()].replacedBy = nil }
        let replaced: Double = transactions[txid]?.replacedBy == nil ? 0 : 1
        for name in names(of: txid) { batch.add("tx.\(name).replaced", replaced) }
    }

    // MARK: WebSocket answers

    /// `{"ADDRESS": {"mempool": [tx…], "confirmed": [tx…], "removed": [tx or txid…]}, …}`.
    private mutating func multiAddress(_ node: JSONNode, into batch: inout SampleBatch) {
        guard let members = node.members else { return batch.reject(.unexpectedShape) }
        for member in members {
            guard let key = watchedAddress(member.key) else { continue }
            for tx in member.node["mempool"]?.array ?? [] { counted(tx, Self.net(tx, address: key), address: key, confirmed: false, into: &batch) }
            for tx in member.node["removed"]?.array ?? [] { removed(tx, address: key, into: &batch) }
            for tx in member.node["confirmed"]?.array ?? [] { counted(tx, Self.net(tx, address: key), address: key, confirmed: true, into: &batch) }
            publish(address: key, into: &batch)
        }
    }

    /// `track-address`'s answers: an array of transactions, new in the mempool or just mined;
    /// each counts for every watched address it pays or spends from.
    private mutating func addressTransactions(_ node: JSONNode, confirmed isConfirmed: Bool, into batch: inout SampleBatch) {
        guard let array = node.array else { return batch.reject(.unexpectedShape) }
        for watched in watch.addresses {
            let key = watched.address.text
            var touched = false
            for tx in array {
                guard let net = Self.net(tx, address: key) else { continue }
                touched = true
                counted(tx, net, address: key, confirmed: isConfirmed, into: &batch)
            }
            if touched { publish(address: key, into: &batch) }
        }
    }

    /// A transaction whose net for `address` is `net` (nil: it does not touch it) entered the
    /// mempool, or was mined when `isConfirmed`.
    private mutating func counted(_ tx: JSONNode, _ net: Decoded<Int64>?, address: String, confirmed isConfirmed: Bool,
                                  into batch: inout SampleBatch) {
        guard let txid = tx["txid"]?.string, let net = Self.usable(net, into: &batch) else { return }
        if isConfirmed {
            confirmed(txid, net: net, address: address, into: &batch)
        } else {
            addresses[address, default: AddressState()].pending[txid] = net
        }
    }

    /// A transaction of `address` left the mempool unmined (replaced, RBF, or evicted): its net
    /// no longer counts. mempool sends the whole transaction; a bare txid is read too.
    private mutating func removed(_ tx: JSONNode, address: String, into batch: inout SampleBatch) {
        guard let txid = tx.string ?? tx["txid"]?.string else { return batch.reject(.unexpectedShape) }
        guard addresses[address] != nil else { return }
        var net: Int64?
        if tx.string == nil {
            guard let known = Self.usable(Self.net(tx, address: address), into: &batch) else { return }
            net = known
        }
        if addresses[address]?.settle(txid, net: net) == false { batch.reject(.invalidValue) }
    }

    /// A transaction of `address` was mined: its net moves from the mempool to the balance.
    private mutating func confirmed(_ txid: String, net: Int64, address: String, into batch: inout SampleBatch) {
        var state = addresses[address, default: AddressState()]
        if let balance = state.balance {
            guard let sum = Self.withinSupply(balance + net) else { return batch.reject(.invalidValue) }
            state.balance = sum
        }
        guard state.settle(txid, net: net) else { return batch.reject(.invalidValue) }
        addresses[address] = state
    }

    /// A transaction's net (see `net(_:address:)`) when it has one; one whose amounts are not
    /// satoshis of the supply is counted as a rejected field.
    private static func usable(_ net: Decoded<Int64>?, into batch: inout SampleBatch) -> Int64? {
        switch net {
        case .value(let net)?: return net
        case .skipped(let reason)?: batch.reject(reason); return nil
        case nil: return nil
        }
    }

    /// What `tx` pays to `address` minus what it spends from it, in satoshis; nil when it does
    /// neither. What it pays and what it spends are each at most the supply (a transaction moves
    /// no more than every bitcoin), so their sums cannot overflow and the net stays within
    /// ±supply; anything else is an `invalid_value`.
    static func net(_ tx: JSONNode, address: String) -> Decoded<Int64>? {
        var paid: Int64 = 0, spent: Int64 = 0, touches = false
        for output in tx["vout"]?.array ?? [] where output["scriptpubkey_address"]?.string == address {
            guard let value = satoshiAmount(output["value"]), let sum = withinSupply(paid + value) else { return .skipped(.invalidValue) }
            paid = sum
            touches = true
        }
        for input in tx["vin"]?.array ?? [] where input["prevout"]?["scriptpubkey_address"]?.string == address {
            guard let value = satoshiAmount(input["prevout"]?["value"]), let sum = withinSupply(spent + value) else {
                return .skipped(.invalidValue)
            }
            spent = sum
            touches = true
        }
        return touches ? .value(paid - spent) : nil
    }

    /// A whole number of satoshis from 0 to 21 million BTC.
    private static func satoshiAmount(_ node: JSONNode?) -> Int64? {
        guard let value = node?.number, value >= 0, value <= Double(supply), value.rounded() == value else { return nil }
        return Int64(value)
    }

    /// `{"TXID": {"position": {"block": 0, …}, "confirmed": true, "replacedBy": "TXID"}, …}`.
    private mutating func trackedTransactions(_ node: JSONNode, newBlock: Double?, into batch: inout SampleBatch) {
        guard let members = node.members else { return batch.reject(.unexpectedShape) }
        for member in members {
            let txid = member.key.lowercased()
            guard watch.transactions.contains(where: { $0.txid == txid }) else { continue }
            if let by = member.node["replacedBy"]?.string {
                replaced(txid, by: by, into: &batch)
            } else if let position = member.node["position"] {
                self.position(txid, position, into: &batch)
            } else if member.node["confirmed"]?.bool == true, let newBlock {
                // Without a block in the same frame (the answer to the subscription itself),
                // "confirmed" only means "not in the mempool": the REST read tells the height.
                mined(txid, at: newBlock, into: &batch)
            }
        }
    }

    /// In the mempool, at projected block `position.block`.
    private mutating func position(_ txid: String, _ position: JSONNode?, into batch: inout SampleBatch) {
        let txid = txid.lowercased()
        guard watch.transactions.contains(where: { $0.txid == txid }) else { return }
        guard let block = position?["block"]?.number, block >= 0, block < 1_000_000, block.rounded() == block else {
            return batch.reject(.unexpectedShape)
        }
        transactions[txid, default: TransactionState()].height = nil
        for name in names(of: txid) {
            batch.add("tx.\(name).block", block)
            batch.add("tx.\(name).confirmations", 0)
        }
    }

    /// Mined at `height`.
    private mutating func mined(_ txid: String, at height: Double, into batch: inout SampleBatch) {
        let txid = txid.lowercased()
        guard watch.transactions.contains(where: { $0.txid == txid }) else { return }
        transactions[txid, default: TransactionState()].height = height
        publishConfirmations(txid, height: height, into: &batch)
    }

    /// Replaced by `replacement` (RBF): `replaced` becomes 1 and stays, unless a REST read finds
    /// the transaction mined.
    private mutating func replaced(_ txid: String, by replacement: String, into batch: inout SampleBatch) {
        let txid = txid.lowercased()
        guard watch.transactions.contains(where: { $0.txid == txid }) else { return }
        guard ChainWatch.txidProblem(replacement) == nil else { return batch.reject(.invalidValue) }
        transactions[txid, default: TransactionState()].replacedBy = replacement.lowercased()
        for name in names(of: txid) { batch.add("tx.\(name).replaced", 1) }
    }

    // MARK: Publishing

    /// `tip - height + 1` once the tip is known (a tip below the block is one not heard yet).
    private mutating func publishConfirmations(_ txid: String, height: Double, into batch: inout SampleBatch) {
        if let tip, tip < height { self.tip = height }
        guard let tip else { return }
        for name in names(of: txid) { batch.add("tx.\(name).confirmations", tip - height + 1) }
    }

    /// The balance (once read) and unconfirmed net of `address`, in BTC.
    private func publish(address: String, into batch: inout SampleBatch) {
        guard let state = addresses[address] else { return }
        for watched in watch.addresses where watched.address.text == address {
            if let balance = state.balance { batch.add("address.\(watched.name).balance", Double(balance) / Self.satoshis) }
            batch.add("address.\(watched.name).unconfirmed", Double(state.unconfirmed) / Self.satoshis)
        }
    }

    /// The watched address `text` stands for (bech32 compared in lowercase), if any.
    private func watchedAddress(_ text: String) -> String? {
        watch.addresses.first { $0.address.text == text || $0.address.text == text.lowercased() }?.address.text
    }

    /// The names watching `txid`.
    private func names(of txid: String) -> [String] { watch.transactions.filter { $0.txid == txid }.map(\.name) }

    /// The txid that replaced `txid`, once one did (for the notification).
    func replacement(of txid: String) -> String? { transactions[txid]?.replacedBy }
}

/// What the client sends to follow a watch.
extension MempoolDecoder {
    /// `track-addresses` with the watched addresses and `track-txs` with the watched txids (each
    /// only when there are some), sent after every connect like the subscriptions: mempool
    /// forgets a client's tracking when its connection ends.
    /// (Addresses and txids are letters and digits once read, so they need no escaping.)
    static func trackMessages(_ watch: ChainWatch) -> [String] {
        var messages: [String] = []
        if !watch.addresses.isEmpty {
            messages.append(#"{"track-addresses":"# + quotedList(watch.addresses.map(\.address.text)) + "}")
        }
        if !watch.transactions.isEmpty {
            messages.append(#"{"track-txs":"# + quotedList(watch.transactions.map(\.txid)) + "}")
        }
        return messages
    }

    /// `["a","b"]` for strings that need no escaping.
    private static func quotedList(_ items: [String]) -> String {
        "[" + items.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }
}
