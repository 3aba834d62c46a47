import Foundation
import Mail
import Testing

/// Messages delivered to a real SMTP server (aiosmtpd, `Scripts/mail/smtp-sink.sh`) and read back
/// by Python's email package: what arrives is what was sent.
@Suite("Mail: delivery to a real SMTP server")
struct SMTPClientDeliveryTests {
    @Test("a French message is delivered, and its headers, subject and body read back as sent")
    func frenchMessage() throws {
        let mail = Samples.mail(
            subject: "Vérifiez votre adresse", body: "Bonjour Zoé,\n\nvotre code : 123456 (valable 15 minutes).\n— Viperd\n",
            fromName: "Équipe Viperd", language: "fr")
        try SMTPSink.with { sink throws in
            try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: sink.port), heloName: "viperd.test", timeout: .seconds(10)).send(mail)
            let files = try sink.messages()
            #expect(files.count == 1)
            let decoded = try DecodedMail(file: try #require(files.first))
            #expect(decoded.defects == [])
            #expect(decoded.value("Subject") == "Vérifiez votre adresse")
            #expect(decoded.value("From") == "Équipe Viperd <noreply@viperd.example>")
            #expect(decoded.value("To") == "ada@example.com")
            #expect(decoded.value("Message-ID") == "<m_123@viperd.example>")
            #expect(decoded.value("Date") == "Fri, 27 Nov 2026 13:18:05 +0000")
            #expect(decoded.value("Content-Language") == "fr")
            #expect(decoded.value("MIME-Version") == "1.0")
            // Python's reader quotes the parameter's value.
            #expect(decoded.value("Content-Type")?.replacingOccurrences(of: "\"", with: "") == "text/plain; charset=utf-8")
            #expect(decoded.value("Content-Transfer-Encoding") == "quoted-printable")
            #expect(decoded.body == mail.body)
        }
    }

    @Test("dot-stuffing: body lines \".\", \"..\" and \".x\" arrive as they were")
    func dotStuffing() throws {
        let body = ".\n..\n.x\n...\nend\n.\n"
        try SMTPSink.with { sink throws in
            try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: sink.port), heloName: "viperd.test").send(Samples.mail(body: body))
            let decoded = try DecodedMail(file: try #require(try sink.messages().first))
            #expect(decoded.body == body)
        }
    }

    @Test("a relay named by host name and over IPv6")
    func hostNameAndIPv6() throws {
        try SMTPSink.with { sink throws in
            try SMTPClient(relay: SMTPRelay(url: "smtp://localhost:\(sink.port)"), heloName: "viperd.test").send(Samples.mail())
            #expect(try sink.messages().count == 1)
        }
        try SMTPSink.with(host: "::1") { sink throws in
            try SMTPClient(relay: SMTPRelay(url: "smtp://[::1]:\(sink.port)"), heloName: "viperd.test").send(Samples.mail())
            #expect(try sink.messages().count == 1)
        }
    }

    @Test("one connection per message: three sends, three messages in order")
    func severalMessages() throws {
        try SMTPSink.with { sink throws in
            let client = SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: sink.port), heloName: "viperd.test")
            for number in 1...3 {
                try client.send(Samples.mail(subject: "Message \(number)", messageID: "m_\(number)@viperd.example"))
            }
            let subjects = try sink.messages().map { try DecodedMail(file: $0).value("Subject") }
            #expect(subjects == ["Message 1", "Message 2", "Message 3"])
        }
    }
}
