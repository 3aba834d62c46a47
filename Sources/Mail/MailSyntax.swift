/// The checks on the values that go into an SMTP command or a structured header as they are:
/// each refuses, before anything is written or sent, a value that could end the line it is on
/// or change how the line parses.
enum MailSyntax {
    /// `local@domain` in printable ASCII, with none of the characters that would end or split an
    /// address in a header or in `MAIL FROM:<…>` (space, `<`, `>`, `,`, `;`, `"`, …). Quoted
    /// local parts and non-ASCII addresses (SMTPUTF8) are not supported. The failure does not
    /// repeat the address: it is personal data, and this text is meant for logs.
    static func checkAddress(_ address: String, role: String) throws(SMTPFailure) {
        let bytes = Array(address.utf8)
        // 254: RFC 5321's 256-octet path, less its angle brackets.
        guard !bytes.isEmpty, bytes.count <= 254, bytes.allSatisfy(isAddressByte),
            bytes.count(where: { $0 == UInt8(ascii: "@") }) == 1,
            bytes.first != UInt8(ascii: "@"), bytes.last != UInt8(ascii: "@")
        else {
            throw .permanent(
                "the \(role) address is not a plain local@domain address of at most 254 printable ASCII characters "
                    + "(no space, control character, <, >, quote, comma or the like)"
            )
        }
    }

    /// The Message-ID without brackets: `id@domain`, of the characters an address may hold.
    static func checkMessageID(_ id: String) throws(SMTPFailure) {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty, bytes.count <= 250, bytes.allSatisfy(isAddressByte),
            bytes.count(where: { $0 == UInt8(ascii: "@") }) == 1,
            bytes.first != UInt8(ascii: "@"), bytes.last != UInt8(ascii: "@")
        else {
            throw .permanent("the Message-ID is not id@domain of at most 250 printable ASCII characters, without brackets")
        }
    }

    /// A language tag as Content-Language takes it (`en`, `fr`, `fr-CA`).
    static func checkLanguage(_ language: String) throws(SMTPFailure) {
        let bytes = Array(language.utf8)
        guard let first = bytes.first, bytes.count <= 35, isLetter(first),
            bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") })
        else {
            throw .permanent("the language is not a language tag such as en or fr-CA")
        }
    }

    /// The name the client gives itself in EHLO: one word of printable ASCII.
    static func checkHeloName(_ name: String) throws(SMTPFailure) {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .permanent("the HELO name is not one word of at most 255 printable ASCII characters")
        }
    }

    /// Printable ASCII, less the specials that delimit addresses and ids in headers and commands.
    private static func isAddressByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !"<>()[]\\,;:\"".utf8.contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
