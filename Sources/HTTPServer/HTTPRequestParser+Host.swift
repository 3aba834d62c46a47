/// The `Host` field's grammar: `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 3986 §3.2.2–§3.2.3).
extension HTTPRequestParser {
    /// Whether `range` is a valid Host value. Empty is valid: RFC 9112 §3.2 sends an empty Host
    /// when the target URI has no authority.
    static func isValidHost(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        if i < end, buf[i] == 0x5B {  // "[" IP-literal "]"
            guard let close = (i..<end).first(where: { buf[$0] == 0x5D }), isIPLiteral(buf, (i + 1)..<close) else {
                return false
            }
            i = close + 1
        } else {
            while i < end, buf[i] != ASCII.colon {
                if buf[i] == 0x25 {  // pct-encoded
                    guard i + 2 < end, ASCII.hexValue(buf[i + 1]) != nil, ASCII.hexValue(buf[i + 2]) != nil else { return false }
                    i += 3
                    continue
                }
                guard isRegNameByte(buf[i]) else { return false }
                i += 1
            }
        }
        if i == end { return true }
        guard buf[i] == ASCII.colon else { return false }
        return (i + 1..<end).allSatisfy { (0x30...0x39).contains(buf[$0]) }
    }

    /// IPv6address or IPvFuture, checked for their alphabet only: the value is never connected to.
    private static func isIPLiteral(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        if ASCII.lowercased(buf[range.lowerBound]) == UInt8(ascii: "v") {
            guard let dot = range.first(where: { buf[$0] == ASCII.dot }), dot > range.lowerBound + 1, dot + 1 < range.upperBound else {
                return false
            }
            return ((range.lowerBound + 1)..<dot).allSatisfy { ASCII.hexValue(buf[$0]) != nil }
                && ((dot + 1)..<range.upperBound).allSatisfy { isRegNameByte(buf[$0]) || buf[$0] == ASCII.colon }
        }
        return range.allSatisfy { ASCII.hexValue(buf[$0]) != nil || buf[$0] == ASCII.colon || buf[$0] == ASCII.dot }
    }

    /// unreserved / sub-delims.
    private static func isRegNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "-._~!$&'()*+,;=".utf8.contains(byte)
        }
    }
}
