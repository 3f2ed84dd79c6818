/// How an exchange feed spells markets in its config and on its wire: Coinbase `ETH-USD` under
/// `products`, Kraken `XBT/EUR` under `symbols`. `TradingPair` reads every pair through one.
package struct PairSpelling: Sendable {
    /// The config key listing the pairs (`products`, `symbols`).
    package var key: String
    /// What one entry is called in messages (`product`, `symbol`).
    package var noun: String
    /// Between asset and quote (`-`, `/`); nil when the two are written together (`BTCUSDT`) and
    /// split by `quotes`.
    package var separator: Character?
    /// Quote assets, longest first, that end a symbol written without a separator.
    package var quotes: [String] = []
    /// Asset codes the exchange uses for another asset's name (`XBT` → `btc`).
    package var aliases: [String: String] = [:]
    /// Codes the exchange refuses although they read as assets (Coinbase lists bitcoin as BTC only).
    package var refused: Set<String> = []
    /// The pair used when the config names none, and in messages.
    package var example: String

    /// `ASSET-QUOTE` as this exchange writes it, from lowercase codes (`btc`, `usd` → `BTC-USD`).
    package func spell(base: String, quote: String) -> String {
        [base, quote].map { $0.uppercased() }.joined(separator: separator.map(String.init) ?? "")
    }
}
