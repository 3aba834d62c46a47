/// Byte classes of RFC 9110 §5.6 as lookup tables, so the parser never builds a String to decide.
enum ASCII {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let comma: UInt8 = 0x2C
    static let slash: UInt8 = 0x2F
    static let question: UInt8 = 0x3F
    static let hash: UInt8 = 0x23
    static let asterisk: UInt8 = 0x2A
    static let dot: UInt8 = 0x2E
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let equals: UInt8 = 0x3D

    /// tchar: `!#$%&'*+-.^_`|~`, DIGIT, ALPHA.
    static let isTokenTable: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
        }
    }

    /// field-vchar / SP / HTAB / obs-text: anything but CTLs and DEL.
    static let isFieldValueTable: [Bool] = (0..<256).map { byte in
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    /// Request-target bytes: visible ASCII only (RFC 3986 characters; we don't decode here).
    static let isTargetTable: [Bool] = (0..<256).map { byte in byte > 0x20 && byte < 0x7F }

    @inline(__always) static func isToken(_ byte: UInt8) -> Bool { isTokenTable[Int(byte)] }
    @inline(__always) static func isFieldValue(_ byte: UInt8) -> Bool { isFieldValueTable[Int(byte)] }
    @inline(__always) static func isTarget(_ byte: UInt8) -> Bool { isTargetTable[Int(byte)] }
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    @inline(__always) static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    @inline(__always) static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Case-insensitive equality of a byte run with a lowercase ASCII literal.
    static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        var i = 0
        for index in range {
            if lowercased(bytes[index]) != literal[i] { return false }
            i += 1
        }
        return true
    }
}
