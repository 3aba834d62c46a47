import Crypto
import Domain

/// Bearer tokens: 32 bytes from the system CSPRNG as unpadded base64url (43 characters); stored
/// as the lowercase hex SHA-256 of the token text.
public struct RandomTokenIssuer: TokenIssuer {
    static let tokenLength = 43

    public init() {}

    public func issue() -> IssuedToken {
        var generator = SystemRandomNumberGenerator()
        while true {
            let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let token = Base64URL.encode(bytes)
            // A token an operator pastes after `viperd token revoke` must not read as an option;
            // drawing again costs 1/64 of one character's 6 bits.
            if token.utf8.first != UInt8(ascii: "-") { return IssuedToken(token: token, digest: Self.sha256Hex(token)) }
        }
    }

    public func digest(of token: String) -> String? {
        let bytes = token.utf8
        guard bytes.count == Self.tokenLength,
            bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F })
        else { return nil }
        return Self.sha256Hex(token)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    public static func sha256Hex(_ text: String) -> String {
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(text.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
