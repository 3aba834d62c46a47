/// The RFC 5322 text of a message, as the relay receives it after DATA: headers, a blank line,
/// the quoted-printable body; CRLF line endings, no line longer than 998 octets.
///
/// Headers, in order: `Date` (UTC), `From`, `To`, `Subject`, `Message-ID`, `MIME-Version: 1.0`,
/// `Content-Type: text/plain; charset=utf-8`, `Content-Transfer-Encoding: quoted-printable`,
/// `Content-Language`, and `Auto-Submitted: auto-generated` (RFC 3834: vacation responders
/// and the like do not answer it).
///
/// No value can add a header. The subject and the display name are one line of text: each
/// control character in them (CR, LF, NUL, ESC, DEL, C1) and each Unicode line or paragraph
/// separator is written as a space, since readers refuse or split on them even inside an
/// encoded-word (Python's email package refuses a display name holding CR or LF). They are then
/// written as they are only when they are printable ASCII that fits on the line, and as RFC 2047
/// encoded-words otherwise. Addresses, the Message-ID and the language are checked and
/// refused with `.permanent` when they hold a character that could end or split their line.
public enum MailFormat {
    /// The message's bytes, or `.permanent` naming the value that cannot be written.
    public static func message(_ mail: OutgoingMail) throws(SMTPFailure) -> [UInt8] {
        try MailSyntax.checkAddress(mail.from, role: "sender")
        try MailSyntax.checkAddress(mail.to, role: "recipient")
        try MailSyntax.checkMessageID(mail.messageID)
        try MailSyntax.checkLanguage(mail.language)
        let date = try MailDate.text(mail.date)

        var headers = [
            "Date: \(date)",
            "From: \(fromValue(address: mail.from, name: oneLine(mail.fromName ?? "")))",
            "To: \(mail.to)",
            unstructured("Subject", oneLine(mail.subject)),
            "Message-ID: <\(mail.messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "Content-Language: \(mail.language)",
            "Auto-Submitted: auto-generated",
        ]
        headers.append("")
        var bytes: [UInt8] = []
        for header in headers {
            bytes += header.utf8
            bytes += crlf
        }
        for line in QuotedPrintable.lines(mail.body) {
            bytes += line
            bytes += crlf
        }
        return bytes
    }

    private static let crlf: [UInt8] = [13, 10]
    /// Folded lines keep under RFC 5322's recommended 78 characters.
    private static let fold = "\r\n "

    /// `text` with every control character and line or paragraph separator as a space.
    private static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: breaksLine) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { breaksLine($0) ? " " : $0 }))
    }

    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        SMTPRelay.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// `Name: value`, the value as it is when it is plain and fits in 78, else encoded-words
    /// folded one to a line.
    private static func unstructured(_ name: String, _ value: String) -> String {
        if value.isEmpty { return "\(name):" }
        if EncodedWords.isPlain(value), name.utf8.count + 2 + value.utf8.count <= 78 {
            return "\(name): \(value)"
        }
        return "\(name): " + EncodedWords.words(value).joined(separator: fold)
    }

    /// `"Name" <address>` (a quoted string when the name is short plain ASCII without quote or
    /// backslash, else encoded-words), or the address alone without a name.
    private static func fromValue(address: String, name: String) -> String {
        if name.isEmpty { return address }
        if EncodedWords.isPlain(name), name.utf8.count <= 60, !name.contains("\""), !name.contains("\\") {
            return "\"\(name)\" <\(address)>"
        }
        return EncodedWords.words(name).joined(separator: fold) + "\(fold)<\(address)>"
    }
}
