/// The body in quoted-printable (RFC 2045): UTF-8 text stays readable where it is ASCII, every
/// encoded line is at most 76 octets (far under SMTP's 998), and no byte the transport could
/// alter (a control character, a non-ASCII byte, trailing white space) travels as it is.
enum QuotedPrintable {
    /// Encoded lines, each without its line break. The body's lines are split on "\n" (a "\r"
    /// just before it belongs to the break; a last line without "\n" is ended all the same); a
    /// "\r" anywhere else is encoded, never a break.
    static func lines(_ body: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var bodyLines = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if bodyLines.last?.isEmpty == true { bodyLines.removeLast() }
        for var line in bodyLines {
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            lines += encode(Array(line))
        }
        return lines
    }

    /// One body line, broken with soft line breaks (`=` at the end) into lines of at most 76.
    private static func encode(_ line: [UInt8]) -> [[UInt8]] {
        var output: [[UInt8]] = []
        var current: [UInt8] = []
        for (index, byte) in line.enumerated() {
            let isLast = index == line.count - 1
            let literal = (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "=")
                || ((byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")) && !isLast)
            let token = literal ? [byte] : escaped(byte)
            // 75 leaves room for the soft break's "=".
            if current.count + token.count > 75 {
                output.append(current + [UInt8(ascii: "=")])
                current.removeAll(keepingCapacity: true)
            }
            current += token
        }
        output.append(current)
        return output
    }

    private static func escaped(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
