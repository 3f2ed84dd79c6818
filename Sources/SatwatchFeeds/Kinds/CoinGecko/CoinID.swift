/// A coin a polled price feed follows: the asset code it publishes under (`eth`) and the
/// service's id for it (CoinGecko `ethereum`).
package struct CoinID: Sendable, Hashable {
    /// Lowercase asset code, the first half of the metric (`eth` in `eth.usd`).
    package var code: String
    /// The service's id (`ethereum`).
    package var id: String

    /// Creates a coin.
    package init(code: String, id: String) {
        self.code = code
        self.id = id
    }
}
