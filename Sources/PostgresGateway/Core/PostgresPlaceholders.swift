/// SQL written once for both gateways numbers its parameters SQLite's way (`?1`); PostgreSQL
/// reads `$1`. The connection rewrites a statement's text once, when it prepares it.
enum PostgresPlaceholders {
    /// `sql` with every `?N` outside quoted text, quoted names and comments written `$N`. A `?`
    /// not followed by a digit (PostgreSQL's own operators) is left alone.
    static func rewrite(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        guard bytes.contains(UInt8(ascii: "?")) else { return sql }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var quote: UInt8?
        var lineComment = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if lineComment {
                if byte == UInt8(ascii: "\n") { lineComment = false }
            } else if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "-") && next == UInt8(ascii: "-") {
                lineComment = true
            } else if byte == UInt8(ascii: "?") && next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9") {
                output.append(UInt8(ascii: "$"))
                index += 1
                continue
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
