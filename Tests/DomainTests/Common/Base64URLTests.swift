import Domain
import Foundation
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    /// Foundation's coding with the RFC 4648 §5 alphabet and no padding: what the codec replaced.
    private static func foundationBase64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("random bytes of every length 0…64 encode as Foundation's base64url and decode back")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            for _ in 0..<8 {
                let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
                let text = Base64URL.encode(bytes)
                #expect(text == Self.foundationBase64URL(bytes), "length \(length)")
                #expect(Base64URL.decode(text) == bytes, "length \(length)")
            }
        }
    }

    @Test("bytes that use the two url-safe characters encode to - and _")
    func urlSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64URL.encode([UInt8]()) == "")
        #expect(Base64URL.decode("") == [])
    }

    @Test("a character outside the alphabet is refused", arguments: ["QU+D", "QU/D", "QU D", "QUJ\n", "QUJé", "QU.D", "QUJ\0"])
    func badCharacter(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("= padding is refused", arguments: ["QQ==", "QUI=", "QQ=", "=", "===="])
    func padding(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("a length of 1 mod 4 is refused", arguments: ["Q", "QUJDR", "QUJDQUJDQ"])
    func danglingCharacter(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("the unused low bits of the last character are ignored, as Data(base64Encoded:) ignores them")
    func lenientTrailingBits() {
        #expect(Base64URL.decode("QR") == [0x41])
        #expect(Data(base64Encoded: "QR==").map(Array.init) == [0x41])
        #expect(Base64URL.decode("QUJ") == [0x41, 0x42])
        #expect(Data(base64Encoded: "QUJ=").map(Array.init) == [0x41, 0x42])
    }
}
