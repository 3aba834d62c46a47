/// Percent-decoding (RFC 3986 §2.1) in one pass over UTF-8 bytes, for query values, path segments
/// and percent-encoded entity tags. It keeps what Foundation's `removingPercentEncoding` did here
/// before, which the profile of every list page showed: nil for a `%` without two hex digits after
/// it or for decoded bytes that are not UTF-8, and one leading byte-order mark dropped.
enum PercentDecoding {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `text` decoded, with `+` read as a space when `plusIsSpace` (form encoding); nil when invalid.
    static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String? {
        let utf8 = text.utf8
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                guard index != utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
                index = utf8.index(after: index)
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                // Kept when a mark extends it into a larger character (`+\u{301}`), as Foundation's
                // `replacingOccurrences` kept it; request targets are ASCII, so only direct callers
                // meet this.
                let extended = index != utf8.endIndex && utf8[index] >= 0x80 && extendsCharacter(text.unicodeScalars[index])
                bytes.append(extended ? byte : UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        return String(validating: bytes[start...], as: UTF8.self)
    }

    /// Grapheme_Cluster_Break=Extend: the marks after which Foundation found no `+` (not ZWJ or
    /// spacing marks, which extended grapheme clusters also join).
    private static func extendsCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isGraphemeExtend && scalar != "\u{200D}") || scalar.properties.isEmojiModifier
    }

    /// The value of one hexadecimal digit, either case; nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
