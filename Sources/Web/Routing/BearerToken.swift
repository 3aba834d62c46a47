import HTTPServer

/// `Authorization: Bearer <token>` (RFC 6750 §2.1): the scheme is case-insensitive, the token
/// is a token68 of sane length.
enum BearerToken {
    static func parse(_ header: String) -> String? {
        let bytes = Array(header.utf8)
        let scheme: [UInt8] = Array("bearer".utf8)
        guard bytes.count > 7, bytes.count <= 512 + 7 else { return nil }
        for (offset, expected) in scheme.enumerated() where bytes[offset] | 0x20 != expected { return nil }
        var index = 6
        guard bytes[index] == UInt8(ascii: " ") else { return nil }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        let token = bytes[index...]
        guard !token.isEmpty, token.allSatisfy(isToken68) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }

    /// token68 (RFC 9110 §11.2): `A–Z a–z 0–9 - . _ ~ + /`, then `=` padding.
    private static func isToken68(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x2B, 0x2F, 0x3D: true
        default: false
        }
    }
}
