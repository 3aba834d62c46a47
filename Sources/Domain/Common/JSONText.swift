/// JSON text written by hand for the few flat shapes the core stores or logs: a string literal
/// and an object of string fields. Foundation's `JSONSerialization` reaches the same text through
/// `Any`, dynamic casts and bridging, and cost a tenth of a contact create's CPU when it wrote the
/// create's outbox event.
public enum JSONText {
    /// A JSON string literal (RFC 8259): `"` and `\` escaped, `\n`, `\r`, `\t`, `\b` and `\f` by
    /// name, other control characters as `\u00XX`; `/` and everything beyond ASCII as they are.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON object of `fields`, keys in Unicode scalar order, so the same fields are always
    /// the same text.
    public static func object(_ fields: [String: String]) -> String {
        var out = "{"
        for (index, key) in fields.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }).enumerated() {
            if index > 0 { out += "," }
            out += quoted(key) + ":" + quoted(fields[key] ?? "")
        }
        return out + "}"
    }
}
