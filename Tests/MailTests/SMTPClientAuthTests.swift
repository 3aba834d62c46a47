import Foundation
import Mail
import Testing

/// AUTH against a real SMTP server that requires it (`smtp-sink.sh --mode auth`).
@Suite("Mail: AUTH with the relay's user")
struct SMTPClientAuthTests {
    @Test("AUTH PLAIN with the right password: delivered", arguments: ["PLAIN", "LOGIN"])
    func rightPassword(mechanism: String) throws {
        try SMTPSink.with(["--mode", "auth", "--user", "app@viperd.example", "--password", "p:ss wörd", "--auth-mechanism", mechanism]) { sink throws in
            let relay = try SMTPRelay(url: "smtp://app%40viperd.example:p%3Ass%20w%C3%B6rd@127.0.0.1:\(sink.port)")
            try SMTPClient(relay: relay, heloName: "viperd.test").send(Samples.mail())
            #expect(try sink.messages().count == 1)
        }
    }

    @Test("a wrong password is permanent (535), and nothing is delivered", arguments: ["PLAIN", "LOGIN"])
    func wrongPassword(mechanism: String) throws {
        try SMTPSink.with(["--mode", "auth", "--user", "app", "--password", "right", "--auth-mechanism", mechanism]) { sink throws in
            let relay = SMTPRelay(host: "127.0.0.1", port: sink.port, username: "app", password: "wrong")
            #expect {
                try SMTPClient(relay: relay, heloName: "viperd.test").send(Samples.mail())
            } throws: { error in
                guard case .permanent(let reason) = error as? SMTPFailure else { return false }
                return reason.contains("535") && !reason.contains("wrong")
            }
            #expect(try sink.messages().isEmpty)
        }
    }

    @Test("no user: the relay that requires AUTH refuses MAIL FROM, permanent (530)")
    func noUser() throws {
        try SMTPSink.with(["--mode", "auth", "--user", "app", "--password", "right"]) { sink throws in
            #expect {
                try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: sink.port), heloName: "viperd.test").send(Samples.mail())
            } throws: { error in
                guard case .permanent(let reason) = error as? SMTPFailure else { return false }
                return reason.contains("MAIL FROM") && reason.contains("530")
            }
        }
    }

    @Test("a user or password holding a control character is refused before connecting")
    func controlCharacterInCredentials() {
        for (user, password) in [("app\u{0}", "x"), ("app", "x\r\nRSET")] {
            let relay = SMTPRelay(host: "127.0.0.1", port: 9, username: user, password: password)
            #expect {
                try SMTPClient(relay: relay, heloName: "viperd.test").send(Samples.mail())
            } throws: { error in
                guard case .permanent = error as? SMTPFailure else { return false }
                return true
            }
        }
    }
}
