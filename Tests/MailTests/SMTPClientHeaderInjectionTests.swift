import Foundation
import Mail
import Testing

/// Header injection attempts carried to a real SMTP server and read back by Python's email
/// package: the text arrives whole, as the subject or the name, and never as a header.
@Suite("Mail: no header injection through a real SMTP server")
struct SMTPClientHeaderInjectionTests {
    @Test(
        "a subject or display name with CR, LF or controls adds no header: they arrive as spaces",
        arguments: [
            ("Hi\r\nBcc: x@evil", "Hi  Bcc: x@evil"), ("Hi\nBcc: x@evil\n\nInjected body", "Hi Bcc: x@evil  Injected body"),
            ("Hi\rBcc: x@evil", "Hi Bcc: x@evil"), ("Hi\u{0}Bcc:\u{85}x@évil\u{2028}", "Hi Bcc: x@évil "),
        ]
    )
    func subjectAndName(text: String, arrives: String) throws {
        try SMTPSink.with { sink throws in
            try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: sink.port), heloName: "viperd.test")
                .send(Samples.mail(subject: text, body: "The real body.\n", fromName: text))
            let decoded = try DecodedMail(file: try #require(try sink.messages().first))
            #expect(decoded.values("Bcc").isEmpty)
            #expect(decoded.headers.count == 10)
            #expect(decoded.value("Subject") == arrives)
            #expect(decoded.value("From") == "\"\(arrives)\" <noreply@viperd.example>" || decoded.value("From") == "\(arrives) <noreply@viperd.example>")
            #expect(decoded.body == "The real body.\n")
        }
    }
}
