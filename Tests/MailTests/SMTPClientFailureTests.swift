import Foundation
import Mail
import Testing

/// What a real SMTP server's refusals and misbehaviour (`Scripts/mail/smtp-sink.sh --mode …`) turn
/// into: `.permanent` for 5xx, `.temporary` for 4xx, a stall, a dropped or refused connection.
@Suite("Mail: failures from a real SMTP server")
struct SMTPClientFailureTests {
    @Test("550 at RCPT TO is permanent, and nothing is delivered")
    func refused() throws {
        try SMTPSink.with(["--mode", "refuse"]) { sink throws in
            let failure = sendFailure(Samples.mail(), port: sink.port)
            guard case .permanent(let reason) = failure else {
                Issue.record("expected a permanent failure, got \(String(describing: failure))")
                return
            }
            #expect(reason.contains("RCPT TO") && reason.contains("550"))
            #expect(try sink.messages().isEmpty)
        }
    }

    @Test("451 at RCPT TO is temporary; the next attempt is delivered")
    func tempfail() throws {
        try SMTPSink.with(["--mode", "tempfail", "--tempfail-count", "1"]) { sink throws in
            let failure = sendFailure(Samples.mail(), port: sink.port)
            guard case .temporary(let reason) = failure else {
                Issue.record("expected a temporary failure, got \(String(describing: failure))")
                return
            }
            #expect(reason.contains("451"))
            #expect(try sink.messages().isEmpty)
            #expect(sendFailure(Samples.mail(), port: sink.port) == nil)
            #expect(try sink.messages().count == 1)
        }
    }

    @Test("a relay that stalls after the message fails temporary within the timeout, not never")
    func stall() throws {
        try SMTPSink.with(["--mode", "stall", "--stall-seconds", "60"]) { sink throws in
            let started = ContinuousClock.now
            let failure = sendFailure(Samples.mail(), port: sink.port, timeout: .seconds(1))
            let elapsed = ContinuousClock.now - started
            guard case .temporary(let reason) = failure else {
                Issue.record("expected a temporary failure, got \(String(describing: failure))")
                return
            }
            #expect(reason.contains("end of DATA"))
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10), "took \(elapsed)")
            #expect(try sink.messages().isEmpty, "the client left before the 250")
        }
    }

    @Test("a connection closed in the middle of DATA is temporary, and nothing is delivered")
    func closedMidData() throws {
        try SMTPSink.with(["--mode", "close-mid-data", "--close-count", "1"]) { sink throws in
            let failure = sendFailure(Samples.mail(body: String(repeating: "a line of the body\n", count: 2_000)), port: sink.port)
            guard case .temporary = failure else {
                Issue.record("expected a temporary failure, got \(String(describing: failure))")
                return
            }
            #expect(try sink.messages().isEmpty)
            #expect(sendFailure(Samples.mail(), port: sink.port) == nil, "the next connection is served")
            #expect(try sink.messages().count == 1)
        }
    }

    @Test("a refused connection is temporary")
    func connectionRefused() throws {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        guard case .temporary(let reason) = sendFailure(Samples.mail(), port: closed.port) else {
            Issue.record("expected a temporary failure")
            return
        }
        #expect(reason.contains("connect"))
    }

    @Test("a connect that never completes fails temporary after the timeout")
    func connectTimeout() throws {
        let silent = try SilentPort()
        defer { withExtendedLifetime(silent) {} }
        let started = ContinuousClock.now
        guard case .temporary(let reason) = sendFailure(Samples.mail(), port: silent.port, timeout: .seconds(1)) else {
            Issue.record("expected a temporary failure")
            return
        }
        let elapsed = ContinuousClock.now - started
        #expect(reason.contains("connecting"))
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test("a message that can never be sent fails permanent before connecting")
    func refusedBeforeConnecting() throws {
        try SMTPSink.with { sink throws in
            for mail in [Samples.mail(to: "ada@example.com\r\nRCPT TO:<eve@evil>"), Samples.mail(from: "<noreply@viperd.example>")] {
                guard case .permanent = sendFailure(mail, port: sink.port) else {
                    Issue.record("expected a permanent failure")
                    continue
                }
            }
            #expect(try sink.messages().isEmpty)
        }
        // Nothing listens here: a connection attempt would have failed temporary.
        guard case .permanent = sendFailure(Samples.mail(to: "a b@example.com"), port: 9) else {
            Issue.record("the address was not checked before connecting")
            return
        }
    }

    @Test("a HELO name with a space or a line break is refused before connecting")
    func badHeloName() {
        for name in ["", "viperd test", "viperd\r\nRSET"] {
            #expect(throws: SMTPFailure.self) {
                try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: 9), heloName: name).send(Samples.mail())
            }
        }
    }

    private func sendFailure(_ mail: OutgoingMail, port: Int, timeout: Duration = .seconds(10)) -> SMTPFailure? {
        do {
            try SMTPClient(relay: SMTPRelay(host: "127.0.0.1", port: port), heloName: "viperd.test", timeout: timeout).send(mail)
            return nil
        } catch {
            return error
        }
    }
}
