/// One SMTP reply: its three-digit code and the text of each of its lines (`250-…` then
/// `250 …`), as `SMTPConnection.readReply` assembled it.
struct SMTPReply: Equatable {
    /// 200...599; the first digit is the class the client acts on.
    var code: Int
    /// Each line's text after the code and its separator, lossily decoded from UTF-8.
    var lines: [String]

    /// One reply line's code, whether it is the reply's last (`250 ` rather than `250-`), and
    /// its text; nil when the line does not start with a code of classes 2 to 5.
    static func parseLine(_ line: [UInt8]) -> (code: Int, isLast: Bool, text: String)? {
        guard line.count >= 3,
            (UInt8(ascii: "2")...UInt8(ascii: "5")).contains(line[0]),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[1]),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[2])
        else { return nil }
        // Three ASCII digits: at most 599, nothing to overflow.
        let code = line[0...2].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        if line.count == 3 { return (code, true, "") }
        switch line[3] {
        case UInt8(ascii: " "): return (code, true, String(decoding: line[4...], as: UTF8.self))
        case UInt8(ascii: "-"): return (code, false, String(decoding: line[4...], as: UTF8.self))
        default: return nil
        }
    }

    /// The code and the text for a failure's message: lines joined, control characters shown
    /// as `?` so a relay cannot write lines into a log, cut at 300 characters.
    var summary: String {
        "\(code) \(Self.printable(lines.joined(separator: " / ")))"
    }

    /// Text a relay sent, safe to log: control characters as `?`, at most 300 characters.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(300).map { SMTPRelay.isControl($0) ? "?" : $0 }))
    }
}
