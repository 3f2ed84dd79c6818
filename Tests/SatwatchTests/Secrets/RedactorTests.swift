@testable import SatwatchBase
import Testing

/// The one redactor: which forms of a secret it finds, and what it leaves alone.
@Suite struct RedactorTests {
    static let url = "https://hooks.example.com/hooks/B07ABC123/xyzSecret?token=a1b2c3&x=y"

    @Test(arguments: [
        // As written, and longest first: a whole URL is one mask, not a mask per part.
        (["s3cr3t"], "login s3cr3t refused", "login *** refused"),
        ([url, "/hooks/B07ABC123/xyzSecret"], "POST \(url) failed", "POST *** failed"),
        ([url, "/hooks/B07ABC123/xyzSecret"], "Cannot POST /hooks/B07ABC123/xyzSecret", "Cannot POST ***"),
        // Every occurrence; overlapping secrets leave no part of either.
        (["tk_abc"], "tk_abc and tk_abc", "*** and ***"),
        (["abcTO", "TOKEN123"], "x abcTOKEN123 y", "x *** y"),
        (["TOKEN123", "123-more"], "x TOKEN123-more y", "x *** y"),
        // Percent-encoded by the receiver, upper or lower case hex, with or without `/`.
        (["123456:ABC-def"], "no route /bot123456%3AABC-def/send", "no route /bot***/send"),
        (["123456:ABC-def"], "no route /bot123456%3aABC-def/send", "no route /bot***/send"),
        (["/hooks/a:b c"], "got %2Fhooks%2Fa%3Ab%20c", "got ***"),
        (["/hooks/a:b c"], "got /hooks/a%3Ab%20c", "got ***"),
        // Decoded by the receiver when the config has it encoded.
        (["/hooks/a%20b%3Ac"], "Cannot POST /hooks/a b:c", "Cannot POST ***"),
        // Escaped in JSON or HTML error pages.
        (["/hooks/abc"], #"{"error":"no route \/hooks\/abc"}"#, #"{"error":"no route ***"}"#),
        (["a=1&b=2"], "<p>Cannot GET /x?a=1&amp;b=2</p>", "<p>Cannot GET /x?***</p>"),
        // JSON-escaped by encoders with other defaults: quotes and backslashes, non-ASCII as
        // \u escapes (Python), `&` `<` `>` as \u escapes (Go), in either hex case.
        (["pa\"ss\\wd"], #"{"error":"bad pa\"ss\\wd"}"#, #"{"error":"bad ***"}"#),
        (["pässwörd"], #"{"error":"bad p\u00e4ssw\u00f6rd"}"#, #"{"error":"bad ***"}"#),
        (["pässwörd"], #"{"error":"bad p\u00E4ssw\u00F6rd"}"#, #"{"error":"bad ***"}"#),
        (["a=1&b=2"], #"{"error":"no route /x?a=1\u0026b=2"}"#, #"{"error":"no route /x?***"}"#),
        // An echoed `Authorization: Basic` header: `user:password` in base64, the password as
        // curl sends it (percent-decoded) or as written, and the password alone.
        (["user:p%40ss"], "Authorization: Basic dXNlcjpwQHNz", "Authorization: Basic ***"),
        (["user:p%40ss"], "Authorization: Basic dXNlcjpwJTQwc3M=", "Authorization: Basic ***"),
        (["p%40ss"], "key cEBzcw== refused", "key *** refused"),
        (["p%40ss"], "key cEBzcw refused", "key *** refused"),
        (["p%40ss"], "key cCU0MHNz refused", "key *** refused"),
        // Padded or not, standard or URL-safe alphabet; inside a longer encoded run (the
        // character shared with what follows stays, it holds two bits of the secret at most).
        (["user:pass1"], "Basic dXNlcjpwYXNzMQ==", "Basic ***"),
        (["user:pass1"], "Basic dXNlcjpwYXNzMQ", "Basic ***"),
        (["key?>~1"], "got a2V5Pz5-MQ", "got ***"),
        (["a>?~~b"], "got YT4/fn5i and YT4_fn5i", "got *** and ***"),
        (["user:pass1"], "QmFzaWMg dXNlcjpwYXNzMTIz", "QmFzaWMg ***TIz"),
        // Shorter than three characters: never hidden, it would destroy the text.
        (["ab", "x"], "about x", "about x"),
        ([], "nothing to hide", "nothing to hide"),
    ] as [([String], String, String)])
    func hidesEveryForm(_ secrets: [String], _ text: String, _ expected: String) {
        #expect(Redactor(secrets).redact(text) == expected)
    }

    @Test func mergingKeepsBothSets() {
        let merged = Redactor(["first-secret"]).merging(["second-secret"])
        #expect(merged.redact("first-secret second-secret") == "*** ***")
        #expect(merged.merging(["first-secret"]) == merged)
    }
}
