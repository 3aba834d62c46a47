/// Base64url (RFC 4648 §5) without padding, over bytes: the one coding of the opaque list cursors
/// and the bearer tokens. Plain Swift rather than Foundation's `Data.base64EncodedString` and
/// three `replacingOccurrences` passes, which showed in the profile of every list page.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The 6-bit value of each byte, 0xFF for a byte outside the alphabet (`=` included).
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            if second != nil { output.append(alphabet[Int(group >> 6 & 0x3F)]) }
            if third != nil { output.append(alphabet[Int(group & 0x3F)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of `text`; nil for a character outside the alphabet, for `=` padding and for a
    /// length of 1 mod 4 (no byte ends there). The unused low bits of the last character are
    /// ignored, as `Data(base64Encoded:)` ignores them, so every text it took is still taken.
    public static func decode(_ text: String) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(utf8.count * 3 / 4)
        var pending: UInt32 = 0
        var pendingBits = 0
        for byte in utf8 {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            pending = pending << 6 | UInt32(value)
            pendingBits += 6
            if pendingBits >= 8 {
                pendingBits -= 8
                output.append(UInt8(truncatingIfNeeded: pending >> UInt32(pendingBits)))
                pending &= (1 << UInt32(pendingBits)) - 1
            }
        }
        return output
    }
}
