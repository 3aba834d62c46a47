import Mail
import Testing

/// `--smtp-url` as the operator writes it: what is taken, and what is refused with a reason
/// that never repeats the password.
@Suite("Mail: the relay's URL")
struct SMTPRelayTests {
    @Test("host alone: port 25, no user")
    func hostAlone() throws {
        #expect(try SMTPRelay(url: "smtp://mail.example.com") == SMTPRelay(host: "mail.example.com", port: 25))
        #expect(try SMTPRelay(url: "SMTP://mail.example.com/") == SMTPRelay(host: "mail.example.com", port: 25))
    }

    @Test("port, user and password, percent-decoded")
    func userAndPassword() throws {
        let relay = try SMTPRelay(url: "smtp://app%40example.com:p%3Ass%2Fw%25rd%20%C3%A9@relay.internal:2525")
        #expect(relay == SMTPRelay(host: "relay.internal", port: 2525, username: "app@example.com", password: "p:ss/w%rd é"))
        #expect(relay.description == "smtp://app@example.com:***@relay.internal:2525", "the password is never shown")
    }

    @Test("a user without a password")
    func userWithoutPassword() throws {
        #expect(try SMTPRelay(url: "smtp://postmaster@127.0.0.1:25") == SMTPRelay(host: "127.0.0.1", username: "postmaster"))
    }

    @Test("IPv6 addresses in brackets, with or without a port")
    func ipv6() throws {
        #expect(try SMTPRelay(url: "smtp://[::1]:2525") == SMTPRelay(host: "::1", port: 2525))
        #expect(try SMTPRelay(url: "smtp://[fd00::2]") == SMTPRelay(host: "fd00::2", port: 25))
        #expect(SMTPRelay(host: "::1", port: 2525).description == "smtp://[::1]:2525")
    }

    @Test("the extreme ports are taken")
    func extremePorts() throws {
        #expect(try SMTPRelay(url: "smtp://h:1").port == 1)
        #expect(try SMTPRelay(url: "smtp://h:65535").port == 65535)
    }

    @Test(
        "refused, with a reason",
        arguments: [
            ("smtps://u:secret@mail.example.com:465", "TLS"),
            ("http://mail.example.com", "smtp://"),
            ("mail.example.com:25", "smtp://"),
            ("smtp://", "no host"),
            ("smtp://u:secret@", "no host"),
            ("smtp://:25", "no host"),
            ("smtp://h:0", "1 to 65535"),
            ("smtp://h:65536", "1 to 65535"),
            ("smtp://h:99999999999999999999999999", "1 to 65535"),
            ("smtp://h:-1", "1 to 65535"),
            ("smtp://h:", "1 to 65535"),
            ("smtp://h:25x", "1 to 65535"),
            ("smtp://h/path", "no path"),
            ("smtp://h?x=1", "no path"),
            ("smtp://h#f", "no path"),
            ("smtp://::1:25", "brackets"),
            ("smtp://[::1", "closing ]"),
            ("smtp://[::1]x", "after"),
            ("smtp://[]:25", "IPv6"),
            ("smtp://[mail.example.com]", "IPv6"),
            ("smtp://ma il.example.com", "letters"),
            ("smtp://:secret@h", "empty user"),
            ("smtp://u:secret%4@h", "two hex digits"),
            ("smtp://u:secret%zz@h", "two hex digits"),
            ("smtp://u:secret%FF@h", "UTF-8"),
            ("smtp://u:sec%0D%0Aret@h", "control character"),
            ("smtp://u%00:secret@h", "control character"),
            ("smtp://h\r\n:25", "control character"),
            ("smtp://h\u{7F}", "control character"),
            ("smtp://h\u{85}", "control character"),
        ]
    )
    func refused(url: String, reason: String) {
        #expect {
            try SMTPRelay(url: url)
        } throws: { error in
            let description = (error as? SMTPRelayURLError)?.description ?? ""
            return description.contains(reason) && !description.contains("secret")
        }
    }
}
