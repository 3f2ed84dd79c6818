/// A Bitcoin address as a person writes it: Base58Check P2PKH and P2SH, or a native segwit
/// address (BIP-173 bech32 for witness version 0, BIP-350 bech32m for versions 1 to 16). Reading
/// one checks everything the BIPs check (prefix, checksum and its variant, witness version and
/// program length, padding); the network is what the prefix says, compared to the feed's by the
/// caller.
package struct BitcoinAddress: Sendable, Equatable {
    /// What kind of output the address pays to.
    package enum Kind: Sendable, Equatable {
        case p2pkh, p2sh
        /// A native segwit output: its witness version and program length in bytes.
        case witness(version: Int, programLength: Int)
    }

    /// The address as mempool reports it: as written for Base58, lowercase for bech32.
    package let text: String
    /// The networks its prefix belongs to (for Base58 test addresses, regtest as well).
    package let network: BitcoinNetwork
    package let kind: Kind
    /// The output script it stands for (what BIP-173/350 and Bitcoin Core's vectors list).
    package let scriptPubKey: [UInt8]

    /// Why a text is not an address; `offset` is the character at fault when one can be named
    /// (a character outside the alphabet, a bech32 checksum error that one character explains).
    package struct Problem: Error, Sendable, Equatable {
        package var message: String
        package var offset: Int?
    }

    /// The bech32 prefixes of Bitcoin's networks, longest first (`bcrt` before `bc`).
    private static let prefixes: [(hrp: String, network: BitcoinNetwork)] = [("bcrt", .regtest), ("bc", .main), ("tb", .test)]

    /// Reads `text`.
    package init(parsing text: String) throws(Problem) {
        if text.isEmpty { throw Problem(message: "the address is empty", offset: nil) }
        if let offset = text.unicodeScalars.firstIndex(where: { $0.value <= 0x20 || $0.value == 0x7f }) {
            let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: offset)
            throw Problem(message: "character \(position + 1) is a space or control character", offset: position)
        }
        let lowered = text.lowercased()
        if let prefix = Self.prefixes.first(where: { lowered.hasPrefix($0.hrp + "1") }) {
            self = try Self.segwit(text, hrp: prefix.hrp, network: prefix.network)
        } else if let hrp = Self.otherBech32Prefix(lowered) {
            throw Problem(message: "\"\(hrp)1…\" is not a Bitcoin address prefix (bc1 for mainnet, tb1 for testnet and signet, bcrt1 for regtest)",
                          offset: nil)
        } else {
            self = try Self.legacy(text)
        }
    }

    private init(text: String, network: BitcoinNetwork, kind: Kind, scriptPubKey: [UInt8]) {
        self.text = text
        self.network = network
        self.kind = kind
        self.scriptPubKey = scriptPubKey
    }

    /// A native segwit address of the network whose prefix is `hrp`: the human-readable part is
    /// that and no longer (`bc1q1…` is not one whose part is `bc1q`).
    private static func segwit(_ text: String, hrp: String, network: BitcoinNetwork) throws(Problem) -> BitcoinAddress {
        let decoded: Bech32.Decoded
        do {
            decoded = try Bech32.decode(text, hrp: hrp)
        } catch {
            throw Problem(message: error.message, offset: error.offset)
        }
        guard let version = decoded.data.first else { throw Problem(message: "has no witness version or program", offset: nil) }
        guard version <= 16 else {
            throw Problem(message: "witness version \(version) does not exist (0 to 16)", offset: hrp.count + 1)
        }
        let expected: Bech32.Encoding = version == 0 ? .bech32 : .bech32m
        guard decoded.encoding == expected else {
            throw Problem(message: "witness version \(version) needs a \(expected) checksum (\(version == 0 ? "BIP-173" : "BIP-350")), "
                              + "this one is \(decoded.encoding)", offset: nil)
        }
        let (program, padding) = Bech32.regroup(Array(decoded.data.dropFirst()), from: 5, to: 8)
        guard let program else { throw Problem(message: "its program \(padding ?? "is malformed")", offset: nil) }
        guard (2...40).contains(program.count) else {
            throw Problem(message: "a witness program of \(program.count) bytes is invalid (2 to 40)", offset: nil)
        }
        if version == 0, program.count != 20, program.count != 32 {
            throw Problem(message: "a version 0 witness program of \(program.count) bytes is invalid (20 or 32, BIP-141)", offset: nil)
        }
        // OP_0 or OP_1…OP_16, then the program pushed.
        let script = [version == 0 ? 0 : 0x50 + version, UInt8(program.count)] + program
        return BitcoinAddress(text: text.lowercased(), network: network,
                              kind: .witness(version: Int(version), programLength: program.count), scriptPubKey: script)
    }

    /// A Base58Check P2PKH or P2SH address.
    private static func legacy(_ text: String) throws(Problem) -> BitcoinAddress {
        let payload: [UInt8]
        do {
            payload = try Base58Check.decode(text)
        } catch {
            throw Problem(message: error.message, offset: error.offset)
        }
        guard payload.count == 21 else {
            throw Problem(message: "decodes to \(payload.count) bytes, not the 21 of a P2PKH or P2SH address", offset: nil)
        }
        let hash = Array(payload.dropFirst())
        for network in [BitcoinNetwork.main, .test] {
            if payload[0] == network.base58Versions.p2pkh {
                // OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
                return BitcoinAddress(text: text, network: network, kind: .p2pkh, scriptPubKey: [0x76, 0xa9, 20] + hash + [0x88, 0xac])
            }
            if payload[0] == network.base58Versions.p2sh {
                // OP_HASH160 <20> OP_EQUAL
                return BitcoinAddress(text: text, network: network, kind: .p2sh, scriptPubKey: [0xa9, 20] + hash + [0x87])
            }
        }
        throw Problem(message: "version byte \(payload[0]) is not a Bitcoin P2PKH or P2SH address's (a private key, or another coin's?)",
                      offset: nil)
    }

    /// The human-readable part of a bech32-looking string that is no Bitcoin network's:
    /// letters, then `1`, then at least 6 bech32 characters (`tc1q…`, `ltc1q…`).
    private static func otherBech32Prefix(_ lowered: String) -> String? {
        guard let separator = lowered.lastIndex(of: "1") else { return nil }
        let hrp = lowered[..<separator], rest = lowered[lowered.index(after: separator)...]
        guard !hrp.isEmpty, hrp.allSatisfy({ ("a"..."z").contains($0) }), rest.count >= 6,
              rest.utf8.allSatisfy({ Bech32.charset.contains($0) }) else { return nil }
        return String(hrp)
    }

    /// Whether a feed on `network` can watch it: the same network, and for Base58 test
    /// addresses any non-main network (regtest shares testnet's versions).
    package func belongs(to network: BitcoinNetwork) -> Bool {
        if self.network == network { return true }
        if case .witness = kind { return false }
        return self.network == .test && network == .regtest
    }

    /// What people call its kind: P2PKH, P2SH, P2WPKH, P2WSH, P2TR, or `witness v2`.
    package var kindName: String {
        switch kind {
        case .p2pkh: "P2PKH"
        case .p2sh: "P2SH"
        case .witness(0, 20): "P2WPKH"
        case .witness(0, _): "P2WSH"
        case .witness(1, 32): "P2TR"
        case .witness(let version, _): "witness v\(version)"
        }
    }
}
