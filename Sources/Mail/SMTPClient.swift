import Foundation

/// Sends one message per connection to the relay: greeting, EHLO (HELO when the relay does not
/// know EHLO), AUTH PLAIN or LOGIN when the relay has a user, MAIL FROM, RCPT TO, DATA with
/// dot-stuffing, QUIT. Plain SMTP only (see `SMTPRelay`).
///
/// Every value is checked and the message formatted before connecting, so a message that can
/// never be sent fails with `.permanent` without touching the network. At every step a 4xx
/// reply fails with `.temporary` and a 5xx with `.permanent`; a connection refused, closed or
/// silent past the timeout fails with `.temporary`. A message is sent once the relay answers
/// 250 to the end of DATA: a failure after that (at QUIT) is not reported. A timeout waiting
/// for that 250 is `.temporary` although the relay may have taken the message, so a retry can
/// deliver it twice: delivery is at least once.
///
/// `send` blocks its thread for the whole conversation, at most one timeout per step.
public struct SMTPClient: Sendable {
    /// Where messages go.
    public var relay: SMTPRelay
    /// The name this client gives in EHLO/HELO: the sending host's name (one word of
    /// printable ASCII, such as `viperd.example.com`).
    public var heloName: String
    /// The bound on connecting, on writing each command or the message, and on waiting for
    /// each reply; taken as at most a day, so no deadline computed from it can overflow.
    public var timeout: Duration

    /// A client for `relay`, naming itself `heloName`, every step bounded by `timeout`.
    public init(relay: SMTPRelay, heloName: String, timeout: Duration = .seconds(30)) {
        self.relay = relay
        self.heloName = heloName
        self.timeout = timeout
    }

    /// Sends `mail` over a new connection, returning once the relay has accepted it (250 to
    /// the end of DATA); throws why not, `.temporary` or `.permanent` (see the type).
    public func send(_ mail: OutgoingMail) throws(SMTPFailure) {
        let message = try MailFormat.message(mail)
        try MailSyntax.checkHeloName(heloName)
        let credentials = try checkedCredentials()
        let connection = try SMTPConnection(host: relay.host, port: relay.port, timeout: min(timeout, .seconds(86_400)))
        do {
            try converse(connection, message: message, from: mail.from, to: mail.to, credentials: credentials)
        } catch {
            // Polite, not needed: the relay drops the transaction with the connection anyway.
            connection.writeIfPossible(Array("QUIT\r\n".utf8))
            throw error
        }
        // The message is the relay's now; how it takes our leaving changes nothing.
        try? connection.write(Array("QUIT\r\n".utf8), step: "QUIT")
        _ = try? connection.readReply(step: "QUIT")
    }

    private func converse(
        _ connection: SMTPConnection, message: [UInt8], from: String, to: String, credentials: (user: String, password: String)?
    ) throws(SMTPFailure) {
        try expect(connection.readReply(step: "the greeting"), 220, step: "the greeting")

        try connection.write(Array("EHLO \(heloName)\r\n".utf8), step: "EHLO")
        let ehlo = try connection.readReply(step: "EHLO")
        var extensions: [String] = []
        if ehlo.code == 250 {
            extensions = Array(ehlo.lines.dropFirst())
        } else if ehlo.code / 100 == 5 {
            // A relay that does not know EHLO (RFC 5321 §3.2): HELO, and no extensions.
            try command("HELO \(heloName)", on: connection, expecting: 250, step: "HELO")
        } else {
            try expect(ehlo, 250, step: "EHLO")
        }

        if let credentials {
            try authenticate(credentials, mechanisms: Self.authMechanisms(extensions), on: connection)
        }
        try command("MAIL FROM:<\(from)>", on: connection, expecting: 250, step: "MAIL FROM")
        try command("RCPT TO:<\(to)>", on: connection, expecting: 250, 251, step: "RCPT TO")
        try command("DATA", on: connection, expecting: 354, step: "DATA")
        try connection.write(DotStuffing.data(message), step: "the message")
        try expect(connection.readReply(step: "the end of DATA"), 250, step: "the end of DATA")
    }

    /// AUTH PLAIN (initial response) when offered, else AUTH LOGIN; a relay offering neither
    /// cannot take the configured credentials: `.permanent`, as a refused password is.
    private func authenticate(_ credentials: (user: String, password: String), mechanisms: [String], on connection: SMTPConnection) throws(SMTPFailure) {
        if mechanisms.contains("PLAIN") {
            let response = base64("\0\(credentials.user)\0\(credentials.password)")
            try command("AUTH PLAIN \(response)", on: connection, expecting: 235, step: "AUTH PLAIN")
        } else if mechanisms.contains("LOGIN") {
            try command("AUTH LOGIN", on: connection, expecting: 334, step: "AUTH LOGIN")
            try command(base64(credentials.user), on: connection, expecting: 334, step: "AUTH LOGIN (user)")
            try command(base64(credentials.password), on: connection, expecting: 235, step: "AUTH LOGIN (password)")
        } else {
            throw .permanent("the relay has a user, but offers neither AUTH PLAIN nor AUTH LOGIN")
        }
    }

    /// The relay's user and password when it has a user; refused when either holds a control
    /// character (NUL separates AUTH PLAIN's fields), which `SMTPRelay(url:)` never lets in.
    private func checkedCredentials() throws(SMTPFailure) -> (user: String, password: String)? {
        guard let user = relay.username else { return nil }
        let password = relay.password ?? ""
        if (user + password).unicodeScalars.contains(where: SMTPRelay.isControl) {
            throw .permanent("the relay's user or password holds a control character")
        }
        return (user, password)
    }

    private func command(_ line: String, on connection: SMTPConnection, expecting codes: Int..., step: String) throws(SMTPFailure) {
        try connection.write(Array("\(line)\r\n".utf8), step: step)
        try expect(connection.readReply(step: step), codes, step: step)
    }

    private func expect(_ reply: SMTPReply, _ codes: Int..., step: String) throws(SMTPFailure) {
        try expect(reply, codes, step: step)
    }

    /// 4xx: `.temporary`; 5xx: `.permanent`; another unexpected code: `.temporary`, a relay
    /// out of step with the protocol rather than a verdict on the message.
    private func expect(_ reply: SMTPReply, _ codes: [Int], step: String) throws(SMTPFailure) {
        if codes.contains(reply.code) { return }
        switch reply.code / 100 {
        case 5: throw .permanent("\(step) answered \(reply.summary)")
        case 4: throw .temporary("\(step) answered \(reply.summary)")
        default: throw .temporary("\(step) answered an unexpected \(reply.summary)")
        }
    }

    /// The mechanisms of EHLO's `AUTH` line (and of the old `AUTH=` form), upper-cased.
    static func authMechanisms(_ extensions: [String]) -> [String] {
        extensions.flatMap { line -> [String] in
            let words = line.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" })
            guard words.first == "AUTH" else { return [] }
            return words.dropFirst().map(String.init)
        }
    }

    private func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }
}
