import Foundation
import Mail
import Testing

/// Replies no real server can be asked to give, from a scripted peer: each ends in a failure
/// of the right kind, in bounded time and memory.
@Suite("Mail: replies out of bounds")
struct SMTPClientReplyBoundsTests {
    @Test("a 1 MB reply line fails temporary at once, without reading it all")
    func hugeLine() throws {
        let greeting = Array("220 ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [13, 10]
        try ScriptedRelay.with([greeting]) { relay throws in
            let started = ContinuousClock.now
            let failure = send(port: relay.port, timeout: .seconds(10))
            guard case .temporary(let reason) = failure else {
                Issue.record("expected a temporary failure, got \(String(describing: failure))")
                return
            }
            #expect(reason.contains("longer than"))
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    @Test("endless continuation lines fail temporary")
    func endlessReply() throws {
        let lines = String(repeating: "220-still greeting\r\n", count: 1_000)
        try ScriptedRelay.with([lines]) { relay throws in
            guard case .temporary(let reason) = send(port: relay.port, timeout: .seconds(10)) else {
                Issue.record("expected a temporary failure")
                return
            }
            #expect(reason.contains("lines"))
        }
    }

    @Test("a relay that never greets fails temporary after the timeout")
    func silentGreeting() throws {
        try ScriptedRelay.with([[UInt8]]()) { relay throws in
            let started = ContinuousClock.now
            guard case .temporary(let reason) = send(port: relay.port, timeout: .seconds(1)) else {
                Issue.record("expected a temporary failure")
                return
            }
            #expect(reason.contains("greeting"))
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    @Test(
        "the greeting's class decides: 421 temporary, 554 permanent, not a reply temporary",
        arguments: [
            ("421 busy\r\n", "temporary"), ("554 go away\r\n", "permanent"), ("HTTP/1.1 400 Bad Request\r\n", "temporary"),
            ("220-a\r\n221 b\r\n", "temporary"), ("999 what\r\n", "temporary"), ("220\u{1B}x\r\n", "temporary"),
        ]
    )
    func greetingClass(greeting: String, kind: String) throws {
        try ScriptedRelay.with([greeting]) { relay throws in
            switch send(port: relay.port, timeout: .seconds(5)) {
            case .temporary(let reason): #expect(kind == "temporary", "\(reason)")
            case .permanent(let reason): #expect(kind == "permanent", "\(reason)")
            case nil: Issue.record("sent")
            }
        }
    }

    @Test("a relay that does not know EHLO is greeted with HELO; a multi-line 250 is read whole")
    func heloFallback() throws {
        let answers = [
            "220 old relay\r\n", "502 EHLO not implemented\r\n", "250 hello\r\n", "250-first\r\n250-second\r\n250 ok\r\n",
            "250 ok\r\n", "354 go on\r\n", "250 queued\r\n", "221 bye\r\n",
        ]
        try ScriptedRelay.with(answers) { relay throws in
            #expect(send(port: relay.port, timeout: .seconds(5)) == nil)
        }
    }

    @Test("a relay control character in a reply is not repeated into the failure")
    func controlCharactersInReplies() throws {
        try ScriptedRelay.with(["554 no\u{1B}[2J\rFAKE LOG LINE\r\n"]) { relay throws in
            guard case .permanent(let reason) = send(port: relay.port, timeout: .seconds(5)) else {
                Issue.record("expected a permanent failure")
                return
            }
            #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    private func send(port: Int, timeout: Duration) -> SMTPFailure? {
        do {
            try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: port), heloName: "viperd.test", timeout: timeout).send(Samples.mail())
            return nil
        } catch {
            return error
        }
    }
}
