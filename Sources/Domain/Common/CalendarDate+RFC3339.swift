extension CalendarDate {
    /// The date part of an RFC 3339 date-time (`2016-04-01T13:45:00Z`,
    /// `2016-04-01t13:45:00.250-05:00`), as written: the day where the time was recorded, not
    /// converted to UTC. Nil unless the whole text is a valid date-time.
    ///
    /// A static function, not an initializer, so `CalendarDate.init` stays unambiguous for strings.
    public static func datePart(ofRFC3339 text: String) -> CalendarDate? {
        let bytes = Array(text.utf8)
        // date T HH:MM:SS = 19 bytes, then an optional fraction, then Z or ±HH:MM.
        guard bytes.count >= 20, let date = CalendarDate(String(decoding: bytes[0..<10], as: UTF8.self)) else { return nil }
        let separator = bytes[10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ") else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let hour = number(11, 2), hour <= 23, bytes[13] == UInt8(ascii: ":"), let minute = number(14, 2), minute <= 59,
            bytes[16] == UInt8(ascii: ":"), let second = number(17, 2), second <= 60
        else { return nil }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            guard index > digitsStart else { return nil }
        }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, let offsetHour = number(index + 1, 2), offsetHour <= 23, bytes[index + 3] == UInt8(ascii: ":"),
                let offsetMinute = number(index + 4, 2), offsetMinute <= 59
            else { return nil }
        default:
            return nil
        }
        return date
    }
}
