import Foundation

/// One message to send, plain text. `MailFormat` checks every value before anything is written
/// or sent, so a value that would break the message's syntax fails with `.permanent`.
public struct OutgoingMail: Sendable, Equatable {
    /// The sender's address (`noreply@example.com`); also the envelope's MAIL FROM.
    public var from: String
    /// The sender's display name (`Viperd`), one line: a control character or line separator
    /// in it is written as a space. An RFC 2047 encoded-word whenever it is not plain printable
    /// ASCII; nil or empty for the address alone.
    public var fromName: String?
    /// The one recipient's address; also the envelope's RCPT TO.
    public var to: String
    /// The subject, one line of any text: a control character or line separator in it is
    /// written as a space, and the whole as RFC 2047 encoded-words whenever it is not plain
    /// printable ASCII that fits on the header's line, so no character of it can start a header.
    public var subject: String
    /// The plain-text body, lines separated by "\n" (a "\r\n" is read as one line break).
    public var body: String
    /// The Message-ID without its angle brackets (`m_123@viperd.example`): an id, "@", a domain.
    public var messageID: String
    /// When the message was written; the `Date` header, in UTC.
    public var date: Date
    /// The language of the subject and body (`en`, `fr`): the `Content-Language` header.
    public var language: String

    /// A message from its parts; nothing is checked until it is formatted or sent.
    public init(
        from: String, fromName: String?, to: String, subject: String, body: String, messageID: String, date: Date,
        language: String
    ) {
        self.from = from
        self.fromName = fromName
        self.to = to
        self.subject = subject
        self.body = body
        self.messageID = messageID
        self.date = date
        self.language = language
    }
}
