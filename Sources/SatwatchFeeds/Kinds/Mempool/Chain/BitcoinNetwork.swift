import SatwatchNet

/// The Bitcoin network a mempool instance serves, as far as addresses tell networks apart:
/// testnet3, testnet4 and signet share their prefixes (`tb1…`, `m…`, `n…`, `2…`); regtest has
/// its own bech32 prefix (`bcrt1…`) but the test networks' Base58 versions.
package enum BitcoinNetwork: Sendable, Equatable, CustomStringConvertible {
    case main, test, regtest

    /// The network of a mempool feed `url`: a path segment `testnet`, `testnet4` or `signet`
    /// (`wss://mempool.space/testnet4/api/v1/ws`) means the test networks, `regtest` regtest;
    /// any other URL serves mainnet, as mempool.space's own does.
    package init(feedURL url: String) {
        let resource = (try? WebSocketURL(url))?.resource ?? ""
        let segments = resource.prefix { $0 != "?" }.split(separator: "/").map { $0.lowercased() }
        if segments.contains(where: { ["testnet", "testnet4", "signet"].contains($0) }) {
            self = .test
        } else if segments.contains("regtest") {
            self = .regtest
        } else {
            self = .main
        }
    }

    /// The bech32 human-readable part of its segwit addresses.
    var bech32Prefix: String {
        switch self {
        case .main: "bc"
        case .test: "tb"
        case .regtest: "bcrt"
        }
    }

    /// The Base58Check version bytes of its P2PKH and P2SH addresses.
    var base58Versions: (p2pkh: UInt8, p2sh: UInt8) { self == .main ? (0x00, 0x05) : (0x6f, 0xc4) }

    package var description: String {
        switch self {
        case .main: "mainnet"
        case .test: "testnet or signet"
        case .regtest: "regtest"
        }
    }
}
