import Domain
import Foundation
import Testing

@Suite("trimming white space")
struct StringTrimmingTests {
    /// Every scalar up to past the CJK spaces, and the white-space-like ones beyond it.
    static let scalars: [Unicode.Scalar] = (Array(0...0x3100) + [0x1680, 0x180E, 0x200B, 0x205F, 0x3000, 0xFEFF, 0x1D173, 0xE0020])
        .compactMap(Unicode.Scalar.init)

    @Test("every scalar is trimmed, or kept, exactly as Foundation trims whitespacesAndNewlines")
    func sameAsFoundation() {
        for scalar in Self.scalars {
            for text in [" \(scalar)a\(scalar) ", "\(scalar)", "\(scalar)\(scalar)", "a\(scalar)b"] {
                let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(Array(text.trimmingWhitespace().unicodeScalars) == Array(expected.unicodeScalars), "U+\(String(scalar.value, radix: 16))")
                #expect(Array(text[...].trimmingWhitespace().unicodeScalars) == Array(expected.unicodeScalars), "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test("combining marks next to trimmed white space stay: trimming goes by scalar, not by character")
    func combiningMarks() {
        for text in [" \u{301}a", "a \u{301}", "\n\u{301}\u{302} ", "e\u{301} \u{300}", "\u{2003}\u{20DD}x\u{2003}", "\r\n", "\u{1F1E8}\u{1F1E6} "] {
            let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Array(text.trimmingWhitespace().unicodeScalars) == Array(expected.unicodeScalars), "\(text.debugDescription)")
        }
        #expect(Array(" \u{301}a".trimmingWhitespace().unicodeScalars) == ["\u{301}", "a"])
    }

    @Test("a string with nothing to trim comes back unchanged; blank strings come back empty")
    func untouchedAndBlank() {
        let long = String(repeating: "Ada Lovelace ", count: 4) + "x"
        #expect(long.trimmingWhitespace() == long)
        #expect("".trimmingWhitespace() == "")
        #expect(" \t\r\n\u{3000}".trimmingWhitespace() == "")
        #expect("  Ada  Lovelace\n".trimmingWhitespace() == "Ada  Lovelace")
    }
}
