import Foundation
import Mail
import Testing

/// The RFC 5322 text `MailFormat` writes, read without a server: the headers, the encodings,
/// the line rules, and the values it refuses.
@Suite("Mail: the message's format")
struct MailFormatTests {
    @Test("the headers of a plain message, in order, with CRLF line endings")
    func headers() throws {
        let bytes = try MailFormat.message(Samples.mail())
        #expect(Samples.headerLines(bytes) == [
            "Date: Fri, 27 Nov 2026 13:18:05 +0000",
            "From: \"Viperd\" <noreply@viperd.example>",
            "To: ada@example.com",
            "Subject: Verify your address",
            "Message-ID: <m_123@viperd.example>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "Content-Language: en",
            "Auto-Submitted: auto-generated",
        ])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\r\n\r\nHello,\r\nyour code is 123456.\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare LF")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"), "no bare CR")
    }

    @Test("no display name: the address alone")
    func noDisplayName() throws {
        for name in [nil, ""] as [String?] {
            #expect(Samples.headerLines(try MailFormat.message(Samples.mail(fromName: name))).contains("From: noreply@viperd.example"))
        }
    }

    @Test(
        "the Date header in UTC, across years, leap days and the ends of the range",
        arguments: [
            (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"),
            (-1.0, "Wed, 31 Dec 1969 23:59:59 +0000"),
            (951_782_400.0, "Tue, 29 Feb 2000 00:00:00 +0000"),
            (1_795_785_485.999, "Fri, 27 Nov 2026 13:18:05 +0000"),
            (-2_208_988_800.0, "Mon, 01 Jan 1900 00:00:00 +0000"),
            (253_402_300_799.0, "Fri, 31 Dec 9999 23:59:59 +0000"),
        ]
    )
    func date(seconds: Double, text: String) throws {
        let bytes = try MailFormat.message(Samples.mail(date: Date(timeIntervalSince1970: seconds)))
        #expect(Samples.headerLines(bytes).first == "Date: \(text)")
    }

    @Test(
        "a date outside 1900...9999, or not a number, is refused",
        arguments: [-2_208_988_801.0, 253_402_300_800.0, .infinity, -.infinity, .nan, 1e300]
    )
    func dateOutOfRange(seconds: Double) {
        #expect(throws: SMTPFailure.self) { try MailFormat.message(Samples.mail(date: Date(timeIntervalSince1970: seconds))) }
    }

    @Test("a French subject becomes encoded-words of at most 75 characters")
    func frenchSubject() throws {
        let lines = Samples.headerLines(try MailFormat.message(Samples.mail(subject: "Vérifiez votre adresse", language: "fr")))
        #expect(lines.contains("Subject: =?utf-8?B?VsOpcmlmaWV6IHZvdHJlIGFkcmVzc2U=?="))
        #expect(lines.contains("Content-Language: fr"))
    }

    @Test("a long subject is folded into several encoded-words, none split inside a character")
    func longSubject() throws {
        let subject = String(repeating: "é", count: 100) + " fin"
        let bytes = try MailFormat.message(Samples.mail(subject: subject))
        let lines = Samples.headerLines(bytes)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Subject: ") })
        let words = [String(lines[start].dropFirst("Subject: ".count))] + lines[(start + 1)...].prefix { $0.hasPrefix(" ") }.map { String($0.dropFirst()) }
        #expect(words.count > 1)
        var decoded = ""
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?utf-8?B?") && word.hasSuffix("?="))
            let data = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            decoded += try #require(String(data: data, encoding: .utf8), "each word is whole UTF-8")
        }
        #expect(decoded == subject)
    }

    @Test("a plain subject that holds =? is encoded, so no reader takes it for an encoded-word")
    func lookalikeSubject() throws {
        let lines = Samples.headerLines(try MailFormat.message(Samples.mail(subject: "=?utf-8?B?SGk=?=")))
        #expect(lines.contains { $0.hasPrefix("Subject: =?utf-8?B?") } && !lines.contains("Subject: =?utf-8?B?SGk=?="))
    }

    @Test(
        "no subject or display name can add a header: CR, LF and other controls are encoded",
        arguments: ["Hi\r\nBcc: x@evil", "Hi\nBcc: x@evil", "Hi\rBcc: x@evil", "Hi\u{0}\u{1B}[2J\u{7F}\u{85}\u{2028}", "\r\n\r\nbody"]
    )
    func noHeaderInjection(text: String) throws {
        let bytes = try MailFormat.message(Samples.mail(subject: text, fromName: text))
        let lines = Samples.headerLines(bytes)
        #expect(!lines.contains { $0.lowercased().hasPrefix("bcc") })
        for line in lines {
            #expect(line.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "every header byte is printable ASCII: \(line)")
        }
        #expect(lines.count == 10 + lines.filter { $0.hasPrefix(" ") }.count, "ten headers and their folded lines")
    }

    @Test("CR and LF in a subject or display name are written as spaces")
    func lineBreaksAsSpaces() throws {
        let lines = Samples.headerLines(try MailFormat.message(Samples.mail(subject: "Hi\r\nBcc: x@evil", fromName: "Eve\nBcc: y")))
        #expect(lines.contains("Subject: Hi  Bcc: x@evil"))
        #expect(lines.contains("From: \"Eve Bcc: y\" <noreply@viperd.example>"))
    }

    @Test(
        "an address that could end or split its line is refused before anything is written",
        arguments: [
            "ada@example.com\r\nBcc: x@evil", "ada@example.com\n", "ada @example.com", "<ada@example.com>", "ada@example.com>",
            "Ada <ada@example.com>", "ada@example.com, eve@evil", "ada@example.com;eve@evil", "\"ada\"@example.com",
            "adaexample.com", "ada@@example.com", "@example.com", "ada@", "", "adà@example.com", "ada\u{0}@example.com",
            "ada\t@example.com", String(repeating: "a", count: 250) + "@b.cd",
        ]
    )
    func badAddress(address: String) {
        #expect(throws: SMTPFailure.self) { try MailFormat.message(Samples.mail(to: address)) }
        #expect(throws: SMTPFailure.self) { try MailFormat.message(Samples.mail(from: address)) }
    }

    @Test("a refused address is not repeated in the failure, which goes to logs")
    func failureHidesTheAddress() {
        #expect {
            try MailFormat.message(Samples.mail(to: "ada.lovelace@example.com\r\n"))
        } throws: { error in
            guard case .permanent(let reason) = error as? SMTPFailure else { return false }
            return reason.contains("recipient") && !reason.contains("lovelace")
        }
    }

    @Test("a bad Message-ID or language is refused", arguments: [("m_1", "en"), ("<m_1@x>", "en"), ("m 1@x", "en"), ("m_1@x\r\nBcc: y", "en"), ("m_1@x", ""), ("m_1@x", "en\r\nBcc: y"), ("m_1@x", "1en"), ("m_1@x", "en_GB")])
    func badIDOrLanguage(id: String, language: String) {
        #expect(throws: SMTPFailure.self) { try MailFormat.message(Samples.mail(messageID: id, language: language)) }
    }

    @Test("the body in quoted-printable: ASCII as it is, the rest escaped, lines of at most 76")
    func quotedPrintable() throws {
        let body = "Bonjour Zoé,\nvotre code : 123456 = ok\ntrailing space \n\tindent\nbell\u{7}\r\n" + String(repeating: "x", count: 200) + "\n"
        let bytes = try MailFormat.message(Samples.mail(body: body))
        let lines = Samples.lines(bytes)
        let bodyLines = lines.drop { !$0.isEmpty }.dropFirst().map { String(decoding: $0, as: UTF8.self) }
        #expect(Array(bodyLines.prefix(5)) == ["Bonjour Zo=C3=A9,", "votre code : 123456 =3D ok", "trailing space=20", "\tindent", "bell=07"])
        #expect(bodyLines[5].count == 76 && bodyLines[5].hasSuffix("="), "soft line break")
        for line in lines {
            #expect(line.count <= 998)
        }
        for line in bodyLines {
            #expect(line.count <= 76)
        }
    }

    @Test("the body's last line is ended once, whether or not it ends with a line break")
    func lastLine() throws {
        for body in ["Hello", "Hello\n", "Hello\r\n"] {
            #expect(String(decoding: try MailFormat.message(Samples.mail(body: body)), as: UTF8.self).hasSuffix("auto-generated\r\n\r\nHello\r\n"))
        }
        #expect(String(decoding: try MailFormat.message(Samples.mail(body: "")), as: UTF8.self).hasSuffix("auto-generated\r\n\r\n"))
    }

    @Test("a body of one very long line and many control characters keeps every line under 998 octets")
    func longLines() throws {
        let body = String(repeating: "é\u{1}", count: 5_000)
        let bytes = try MailFormat.message(Samples.mail(subject: String(repeating: "Subject ", count: 300), body: body, fromName: String(repeating: "N", count: 500)))
        for line in Samples.lines(bytes) {
            #expect(line.count <= 998)
        }
    }
}
