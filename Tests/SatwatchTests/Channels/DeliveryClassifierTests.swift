@testable import SatwatchBase
@testable import SatwatchDelivery
import Testing

/// The shared classification of answers and transport errors.
@Suite struct DeliveryClassifierTests {
    @Test(arguments: [
        (200, "", nil, DeliveryOutcome.delivered),
        (204, "", nil, .delivered),
        (202, "accepted", nil, .delivered),
        (400, "invalid_payload", nil, .failed(.init("HTTP 400 Bad Request: invalid_payload", retryable: false))),
        (404, "", TimeSpan.seconds(3), .failed(.init("HTTP 404 Not Found", retryable: false))),
        (403, "{\"ok\":false,\n  \"error\": \"forbidden\"}", nil,
         .failed(.init("HTTP 403 Forbidden: {\"ok\":false, \"error\": \"forbidden\"}", retryable: false))),
        (418, "teapot", nil, .failed(.init("HTTP 418: teapot", retryable: false))),
        (408, "", nil, .failed(.init("HTTP 408 Request Timeout", retryable: true))),
        (429, "slow down", .seconds(3), .failed(.init("HTTP 429 Too Many Requests: slow down", retryable: true, retryAfter: .seconds(3)))),
        (500, "boom", nil, .failed(.init("HTTP 500 Internal Server Error: boom", retryable: true))),
        (503, "", .seconds(120), .failed(.init("HTTP 503 Service Unavailable", retryable: true, retryAfter: .seconds(120)))),
        (301, "moved", nil, .failed(.init("HTTP 301 Moved Permanently (redirects are not followed; check the URL)", retryable: false))),
    ] as [(Int, String, TimeSpan?, DeliveryOutcome)])
    func httpStatus(_ status: Int, _ body: String, _ retryAfter: TimeSpan?, _ expected: DeliveryOutcome) {
        #expect(DeliveryClassifier.http(status: status, body: Array(body.utf8), retryAfter: retryAfter) == expected)
    }

    @Test func longBodiesAreQuotedTo200Characters() {
        let outcome = DeliveryClassifier.http(status: 400, body: Array(String(repeating: "ü", count: 500).utf8), retryAfter: nil)
        #expect(outcome == .failed(.init("HTTP 400 Bad Request: " + String(repeating: "ü", count: 200) + "…", retryable: false)))
    }

    @Test(arguments: [
        (7, "Failed to connect to 127.0.0.1 port 1", true), (6, "Could not resolve host: x", true),
        (28, "Operation timed out", true), (35, "SSL connect error", true), (56, "Recv failure", true),
        (60, "SSL certificate problem: unable to get local issuer certificate", false),
        (3, "URL rejected: Malformed input to a URL function", false), (1, "Protocol not supported", false),
        (77, "error setting certificate file", false),
    ] as [(Int, String, Bool)])
    func transportErrors(_ code: Int, _ message: String, _ retryable: Bool) {
        #expect(DeliveryClassifier.transport(code: code, message: message)
            == .failed(.init("curl error \(code): \(message)", retryable: retryable)))
    }

    /// What the SMTP channel sees from `SMTPSender` (curl code, last reply code): the one
    /// decision, for every failure the sender's tests produce against real servers.
    @Test(arguments: [
        (67, 535, false), (7, 0, true), (64, 0, false), (60, 0, false), (55, 530, false), (55, 550, false),
        (43, 0, false), (28, 0, true), (55, 421, true), (55, 451, true), (35, 0, true), (3, 0, false),
    ] as [(Int, Int, Bool)])
    func smtpFailures(_ curlCode: Int, _ replyCode: Int, _ retryable: Bool) {
        // Only a 4xx refusal of the message (not 421, the server closing) leaves other messages going.
        let concernsReceiver = !((400..<500).contains(replyCode) && replyCode != 421)
        #expect(DeliveryClassifier.smtp(curlCode: curlCode, replyCode: replyCode, detail: "x")
            == .failed(.init("SMTP x", retryable: retryable, concernsReceiver: concernsReceiver)))
    }

    @Test(arguments: [
        (#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 35","parameters":{"retry_after":35}}"#, 35_000),
        (#"{"message":"You are being rate limited.","retry_after":0.254,"global":false}"#, 254),
    ] as [(String, Int64)])
    func retryDelayFromChatBodies(_ body: String, _ milliseconds: Int64) {
        #expect(HTTPDelivery.bodyRetryAfter(Array(body.utf8)) == TimeSpan(milliseconds: milliseconds))
    }

    @Test(arguments: ["", "not json", #"{"retry_after":-1}"#, #"{"retry_after":"soon"}"#])
    func noRetryDelayFromOtherBodies(_ body: String) {
        #expect(HTTPDelivery.bodyRetryAfter(Array(body.utf8)) == nil)
    }
}
