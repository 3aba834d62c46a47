/// JSON text written by hand for the few flat shapes the core stores or logs: a string literal
/// and an object of string fields. Foundation's `JSONSerialization` reaches the same text through
/// `Any`, dynamic casts and bridging, and cost a tenth of a contact create's CPU when it wrote the
/// create's outbox event.
public enum JSONText {
    /// A JSON string literal (RFC 8259): `"` and `\` escaped, `\n`, `\r`, `\t`, `\b` and `\f` by
    /// name, other control characters as `\u00XX`; `/` and everything beyond ASCII as they are.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON object of `fields`, keys in Unicode scalar order, so the same fields are always
    /// the same text.
    public static func object(_ fields: [String: String]) -> String {
        // UTF-8's byte order is its code points' order, so the keys sort on bytes.
        let keys = fields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(fields.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 })
        for (index, key) in keys.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendQuoted(key, to: &out)
            out.append(UInt8(ascii: ":"))
            appendQuoted(fields[key] ?? "", to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `text` as a literal on bytes: every byte of a character beyond ASCII is 0x80 or
    /// more in UTF-8, so escaping ASCII bytes alone is exact, and a String is made once, not
    /// grown a scalar at a time (which cost a create's event 24,000 instructions).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(byte)
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
            case 0..<0x20:
                let hex = { (nibble: UInt8) in nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex(byte >> 4), hex(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
