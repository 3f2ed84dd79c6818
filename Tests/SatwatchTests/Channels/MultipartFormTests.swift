@testable import SatwatchDelivery
import Testing

/// `MultipartForm`: the exact bytes of a form, escaped field names.
@Suite struct MultipartFormTests {
    @Test func formIsEncodedExactly() {
        let form = MultipartForm([.text("chat_id", "42"), .file("photo", filename: "chart.png", contentType: "image/png", [0, 13, 10, 255]),
                                  .text("payload_json", "{}", contentType: "application/json")])
        let b = form.boundary
        #expect(b.hasPrefix("satwatch-") && b.count == 25)
        #expect(form.contentType == "multipart/form-data; boundary=\(b)")
        let expected = "--\(b)\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n42\r\n"
            + "--\(b)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"chart.png\"\r\nContent-Type: image/png\r\n\r\n"
        let rest = "\r\n--\(b)\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n{}\r\n--\(b)--\r\n"
        #expect(form.encoded() == Array(expected.utf8) + [0, 13, 10, 255] + Array(rest.utf8))
        // Pure: the same parts make the same boundary; other parts another.
        #expect(MultipartForm(form.parts).boundary == b)
        #expect(MultipartForm([.text("chat_id", "43")]).boundary != b)
    }

    @Test(arguments: [("a\"b", "a%22b"), ("line\r\nBcc: x", "line%0D%0ABcc: x"), ("files[0]", "files[0]"), ("ü", "ü")])
    func namesCannotEndTheirQuotesOrLine(_ name: String, _ escaped: String) {
        #expect(MultipartForm.escaped(name) == escaped)
        let head = String(decoding: MultipartForm.Part.text(name, "v").head, as: UTF8.self)
        #expect(head == "Content-Disposition: form-data; name=\"\(escaped)\"\r\n\r\n")
    }

}
