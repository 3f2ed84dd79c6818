@testable import SatwatchFeeds
import Testing

/// Addresses against published vectors: BIP-350's "v0-v16 native segregated witness addresses"
/// (valid, with their scriptPubKey, and invalid with the BIP's reason), BIP-173's segwit
/// vectors that BIP-350 did not change (version 0), and Base58Check P2PKH/P2SH addresses from
/// Bitcoin Core's `src/test/data/key_io_valid.json` with their scriptPubKey.
@Suite struct BitcoinAddressTests {
    /// (address, scriptPubKey hex, network).
    @Test(arguments: [
        // BIP-350, valid.
        ("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "0014751e76e8199196d454941c45d1b3a323f1433bd6", BitcoinNetwork.main),
        ("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
         "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262", .test),
        ("bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
         "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6", .main),
        ("BC1SW50QGDZ25J", "6002751e", .main),
        ("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "5210751e76e8199196d454941c45d1b3a323", .main),
        ("tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
         "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433", .test),
        ("tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
         "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433", .test),
        ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
         "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798", .main),
        // Bitcoin Core key_io_valid.json: Base58Check and regtest bech32.
        ("1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo", "76a914a31c06bd463e3923bc1aadbde48b16976c08071788ac", .main),
        ("36j4NfKv6Akva9amjWrLG6MuSQym1GuEmm", "a914373b819a068f32b7a6b38b6b38729647cfde01c287", .main),
        ("mzK2FFDEhxqHcmrJw1ysqFkVyhUULo45hZ", "76a914ce28b26c57472737f5c3561a1761185bd8589a4388ac", .test),
        ("2NC2hEhe28ULKAJkW5MjZ3jtTMJdvXmByvK", "a914ce0bba75891ff9ec60148d4bd4a09ee2dc5c933187", .test),
        ("14gqCXeD1UHYtDjxsWrBEQJd8AudqCE4ec", "76a9142870d58bb44d9cfbfccea78702aad18d4ceea91a88ac", .main),
        ("3Peebg75aj2HHHa6NJ9ZrYttsDJG3jHN3c", "a914f0e022431de31bbe8d2745489a35b75734afa2da87", .main),
        ("n3tPKvD3JtYn9jogvfc6nxqPsVxboUVhtp", "76a914f56065f1b7321397b0d4a03e1ab2c54dd9af99ce88ac", .test),
        ("2Mv44d1B2UNnvYfnybGgcn2pjoeXLrVrV8Z", "a9141ecbfb90c80a58886da95e1181a55703d96bd27d87", .test),
        ("bcrt1qka7zwvztxlmsa99u3g8m75qwpj2h4q8tj5qxpl", "0014b77c27304b37f70e94bc8a0fbf500e0c957a80eb", .regtest),
        ("bc1q2czedrf6jcuqzy445y8n5y08prw9gy5r9qwjqy", "00145605968d3a96380112b5a10f3a11e708dc541283", .main),
    ] as [(String, String, BitcoinNetwork)])
    func validAddressesGiveTheirScript(_ text: String, _ script: String, _ network: BitcoinNetwork) throws {
        let address = try BitcoinAddress(parsing: text)
        #expect(address.scriptPubKey.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined() == script)
        #expect(address.network == network)
        #expect(address.text == (text.hasPrefix("1") || text.hasPrefix("3") || text.hasPrefix("m") || text.hasPrefix("n")
            || text.hasPrefix("2") ? text : text.lowercased()))
    }

    /// BIP-350's invalid segwit addresses (and BIP-173's version-0 ones), with the reason the BIP
    /// gives and the message `check` prints.
    @Test(arguments: [
        ("tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "Invalid human-readable part",
         #""tc1…" is not a Bitcoin address prefix (bc1 for mainnet, tb1 for testnet and signet, bcrt1 for regtest)"#),
        ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "Invalid checksum (Bech32 instead of Bech32m)",
         "witness version 1 needs a bech32m checksum (BIP-350), this one is bech32"),
        ("tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "Invalid checksum (Bech32 instead of Bech32m)",
         "witness version 2 needs a bech32m checksum (BIP-350), this one is bech32"),
        ("BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "Invalid checksum (Bech32 instead of Bech32m)",
         "witness version 16 needs a bech32m checksum (BIP-350), this one is bech32"),
        ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "Invalid checksum (Bech32m instead of Bech32)",
         "witness version 0 needs a bech32 checksum (BIP-173), this one is bech32m"),
        ("tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "Invalid checksum (Bech32m instead of Bech32)",
         "witness version 0 needs a bech32 checksum (BIP-173), this one is bech32m"),
        ("bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "Invalid character in checksum",
         #"character 60 ("o") is not a bech32 character"#),
        ("BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "Invalid witness version",
         "witness version 17 does not exist (0 to 16)"),
        ("bc1pw5dgrnzv", "Invalid program length (1 byte)", "a witness program of 1 bytes is invalid (2 to 40)"),
        ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "Invalid program length (41 bytes)",
         "a witness program of 41 bytes is invalid (2 to 40)"),
        ("BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "Invalid program length for witness version 0 (per BIP141)",
         "a version 0 witness program of 16 bytes is invalid (20 or 32, BIP-141)"),
        ("tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "Mixed case",
         "mixes upper and lower case at character 59 (write it all in one case)"),
        ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "zero padding of more than 4 bits",
         "its program has 6 bits of padding, more than 4"),
        ("tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "Non-zero padding in 8-to-5 conversion",
         "its program has padding bits that are not zero"),
        ("bc1gmk9yu", "Empty data section", "has no witness version or program"),
        // BIP-173.
        ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "Invalid checksum", #"checksum error at character 42 ("5")"#),
        ("bc1rw5uspcuh", "Invalid program length", "witness version 3 needs a bech32m checksum (BIP-350), this one is bech32"),
        ("bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", "zero padding of more than 4 bits",
         "witness version 2 needs a bech32m checksum (BIP-350), this one is bech32"),
    ] as [(String, String, String)])
    func invalidAddressesSayWhy(_ text: String, _ reason: String, _ message: String) {
        do {
            _ = try BitcoinAddress(parsing: text)
            Issue.record("\(text) was read (\(reason))")
        } catch {
            #expect(error.message == message, "\(reason)")
        }
    }

    /// Base58Check: a changed character breaks the checksum (never located), a character outside
    /// the alphabet is named, and valid Base58Check that is not an address is refused.
    @Test(arguments: [
        ("1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mp", "Base58Check checksum error (a character is wrong or missing; a hash checksum cannot say which)", nil),
        ("1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2m", "Base58Check checksum error (a character is wrong or missing; a hash checksum cannot say which)", nil),
        ("1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2m0", #"character 34 ("0") is not a Base58 character (Base58 leaves out 0, O, I and l)"#, 33),
        ("1FsSia9rv4NeEwvJ2GvXrX7lyxYspbN2mo", #"character 24 ("l") is not a Base58 character (Base58 leaves out 0, O, I and l)"#, 23),
        ("5Kk7jobrpUXf8TCruAp7CHt8zZeynHamPxkPCxcq3R88jcxs3jB",
         "decodes to 33 bytes, not the 21 of a P2PKH or P2SH address", nil),
        ("bc1qw508d6qejxtdg4y5r3 zarvary0c5xw7kv8f3t4", "character 23 is a space or control character", 22),
        ("", "the address is empty", nil),
    ] as [(String, String, Int?)])
    func legacyAndOtherMistakes(_ text: String, _ message: String, _ offset: Int?) {
        #expect(throws: BitcoinAddress.Problem(message: message, offset: offset)) { try BitcoinAddress(parsing: text) }
    }

    /// A `1` after the network's prefix is a mistyped character, named where it is: the
    /// human-readable part is the network's (`bc`, `tb`, `bcrt`), never one that runs to a later
    /// `1` (`bc1q1…`, valid bech32 with the part `bc1q`, is no mainnet address).
    @Test(arguments: [
        ("bc1q1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn5f47ed", 5),
        ("BC1Q1QQQQSYQCYQ5RQWZQFPG9SCRGWPUGPZYSN5F47ED", 5),
        ("bc1qw508d61ejxtdg4y5r3zarvary0c5xw7kv8f3t4", 11),
        ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7k18f3t4", 37),
        ("tb1qrp33g0q5c5txsp9a1ysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", 21),
        ("bcrt1qka7zwvztxlmsa99u3g8m75qwpj2h4q8tj5q1pl", 42),
    ] as [(String, Int)])
    func aOneAfterTheNetworkPrefixIsNamed(_ text: String, _ character: Int) {
        #expect(throws: BitcoinAddress.Problem(message: #"character \#(character) ("1") is not a bech32 character"#, offset: character - 1)) {
            try BitcoinAddress(parsing: text)
        }
    }

    @Test func aVersionByteOfAnotherCoinIsRefused() {
        // A Litecoin-style P2PKH version (48) with a valid checksum.
        let text = Base58Check.encode([48] + [UInt8](repeating: 7, count: 20))
        #expect(throws: BitcoinAddress.Problem(
            message: "version byte 48 is not a Bitcoin P2PKH or P2SH address's (a private key, or another coin's?)", offset: nil)) {
            try BitcoinAddress(parsing: text)
        }
    }

    /// The network a feed URL means, and which addresses it takes.
    @Test(arguments: [
        ("wss://mempool.space/api/v1/ws", BitcoinNetwork.main), ("wss://mempool.space/testnet/api/v1/ws", .test),
        ("wss://mempool.space/testnet4/api/v1/ws", .test), ("wss://mempool.space/signet/api/v1/ws", .test),
        ("ws://node.local:8999/regtest/api/v1/ws", .regtest), ("ws://umbrel.local:3006/api/v1/ws", .main),
        ("wss://mempool.space/api/v1/ws?network=testnet", .main),
    ] as [(String, BitcoinNetwork)])
    func networkFromFeedURL(_ url: String, _ network: BitcoinNetwork) {
        #expect(BitcoinNetwork(feedURL: url) == network)
    }

    @Test func aBase58TestAddressBelongsToRegtestToo() throws {
        #expect(try BitcoinAddress(parsing: "mzK2FFDEhxqHcmrJw1ysqFkVyhUULo45hZ").belongs(to: .regtest))
        #expect(try !BitcoinAddress(parsing: "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7").belongs(to: .regtest))
        #expect(try !BitcoinAddress(parsing: "1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo").belongs(to: .test))
    }
}
