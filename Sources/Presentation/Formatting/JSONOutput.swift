/// A JSON text being written by hand, for the view models on hot paths.
///
/// Foundation's `JSONEncoder` spent a quarter of a contact read's CPU time on reflection and
/// boxing; a view model that writes itself costs a fraction of that. Output is standard JSON
/// (RFC 8259) with keys in the order written.
public struct JSONOutput {
    public private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() { separate(); bytes.append(0x7B); needsComma.append(false) }
    public mutating func endObject() { bytes.append(0x7D); needsComma.removeLast() }
    public mutating func beginArray() { separate(); bytes.append(0x5B); needsComma.append(false) }
    public mutating func endArray() { bytes.append(0x5D); needsComma.removeLast() }

    /// Hands over the bytes written so far and keeps writing the same document: what follows
    /// takes its commas and nesting from what came before, so the pieces, joined, are the text
    /// written whole.
    public mutating func takeBytes() -> [UInt8] {
        let written = bytes
        bytes.removeAll(keepingCapacity: true)
        return written
    }

    /// A key; the next value written is its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(0x22)
        append(name)
        append("\":")
        // The value right after a key takes no comma.
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = false }
    }

    public mutating func string(_ value: String?) {
        separate()
        guard let value else {
            append("null")
            return
        }
        bytes.append(0x22)
        // Most text needs no escaping: then it is copied whole instead of byte by byte.
        let copied = value.utf8.withContiguousStorageIfAvailable { text -> Bool in
            guard !text.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
            bytes.append(contentsOf: text)
            return true
        } ?? false
        if copied {
            bytes.append(0x22)
            return
        }
        for byte in value.utf8 {
            switch byte {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    public mutating func integer(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func integer(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    public mutating func null() {
        separate()
        append("null")
    }

    /// A key whose value writes itself (a nested object or array); nil is written as `null`.
    public mutating func field(_ name: StaticString, _ value: (some JSONWritable)?) {
        key(name)
        if let value { value.write(to: &self) } else { null() }
    }

    public mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        string(value)
    }

    /// Starts the next value of the array or object being written on a line of its own, after
    /// the comma that separates it from the one before: each line then ends with a whole value
    /// and its comma, so a reader can take the text line by line (the banking report's framing).
    public mutating func breakLineBeforeNextValue() {
        separate()
        bytes.append(0x0A)
        // `separate` noted that a comma is due; it is written, so the value itself takes none.
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = false }
    }

    /// A line break where whitespace may stand: before a closing bracket, or after the document.
    public mutating func breakLine() {
        bytes.append(0x0A)
    }

    /// Bytes known when the code is compiled, appended without an array made for them (the
    /// escape of a control character made two per byte).
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }

    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { bytes.append(0x2C) } else { needsComma[needsComma.count - 1] = true }
    }
}
