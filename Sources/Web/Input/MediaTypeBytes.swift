/// The JSON media type check of `JSONRequestBody` on the bytes of an ASCII `Content-Type`
/// value, giving what the character rules give for ASCII: elements split at `;` (empty ones
/// skipped), trimmed of tab and space, letters compared case-insensitively, the charset
/// stripped of quotes at both ends.
enum MediaTypeBytes {
    private static let semicolon = UInt8(ascii: ";")
    private static let quote = UInt8(ascii: "\"")

    /// The verdict, or nil when a byte is not ASCII (the caller decides on characters then).
    static func isJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        // Checked before anything is decided: a non-ASCII byte anywhere can join a `;` to the
        // character after it and so change what the first element is.
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var sawType = false
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != semicolon { end += 1 }
            if end > start {
                let element = trimmed(bytes, start..<end) { $0 == 0x20 || $0 == 0x09 }
                if !sawType {
                    guard isJSONType(bytes, element) else { return false }
                    sawType = true
                } else if !isUTF8OrNoCharset(bytes, element) {
                    return false
                }
            }
            start = end + 1
        }
        return sawType
    }

    private static func isJSONType(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        if matches(bytes, range, "application/json") { return true }
        // "application/" ends in `/` and "+json" starts with `+`: the two never overlap.
        return range.count >= 17
            && matches(bytes, range.lowerBound..<range.lowerBound + 12, "application/")
            && matches(bytes, range.upperBound - 5..<range.upperBound, "+json")
    }

    /// False only for a `charset` parameter naming anything but UTF-8.
    private static func isUTF8OrNoCharset(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 8, matches(bytes, range.lowerBound..<range.lowerBound + 8, "charset=") else { return true }
        let value = trimmed(bytes, range.lowerBound + 8..<range.upperBound) { $0 == quote }
        return matches(bytes, value, "utf-8") || matches(bytes, value, "utf8")
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ isTrimmed: (UInt8) -> Bool) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isTrimmed(bytes[lower]) { lower += 1 }
        while upper > lower, isTrimmed(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether the bytes are `lowercase` with ASCII letters in any case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        for (offset, index) in range.enumerated() {
            let byte = bytes[index]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != literal[offset] { return false }
        }
        return true
    }
}
