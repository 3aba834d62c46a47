/// DATA's transparency (RFC 5321 §4.5.2): a line of the message that starts with "." gets one
/// more, so that only the terminating ".\r\n" the client adds is a lone dot.
enum DotStuffing {
    /// The bytes to send after the 354, terminator included. `message` is CRLF-terminated
    /// lines, as `MailFormat` writes it.
    static func data(_ message: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.count + 5)
        var atLineStart = true
        for byte in message {
            if atLineStart, byte == UInt8(ascii: ".") { output.append(byte) }
            output.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        if !atLineStart { output += [13, 10] }
        output += Array(".\r\n".utf8)
        return output
    }
}
