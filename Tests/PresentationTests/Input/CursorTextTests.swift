import Foundation
import Testing
@testable import Presentation

@Suite("cursor text")
struct CursorTextTests {
    /// The envelope as it was made before the shared codec: Foundation's base64 made url-safe.
    private static func foundationCursor(_ raw: String) -> String {
        Data(raw.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("a cursor is the same text it was before the shared codec, and decodes to its parts", arguments: [
        ["c1", "Ada Lovelace", "c_01"], ["p1", "Ünïcödé ☃ name?>", "p_2"], ["o1", "placedAt", "1700000000000", "o_3"], ["t1", "", ""],
    ])
    func sameText(parts: [String]) {
        let text = CursorText.encode(tag: parts[0], Array(parts.dropFirst()))
        #expect(text == Self.foundationCursor(parts.joined(separator: "\u{1F}")))
        #expect(CursorText.decode(text, tag: parts[0], parts: parts.count) == parts)
    }

    @Test("unused low bits in the last character and a leading byte-order mark are taken, as Foundation took them")
    func lenientForms() {
        // "c1\u{1F}x" is YzEfeA; the last character A → D only sets bits no byte uses.
        #expect(CursorText.decode("YzEfeD", tag: "c1", parts: 2) == ["c1", "x"])
        let withMark = CursorText.encode("\u{FEFF}c1\u{1F}x")
        #expect(CursorText.decode(withMark, tag: "c1", parts: 2) == ["c1", "x"])
    }

    @Test("a wrong tag, part count, alphabet, padding or UTF-8 is refused", arguments: [
        "", "YzEfeA=", "YzEfeA==", "YzE+eA", "Y", "/w", String(repeating: "A", count: 3000), CursorText.encode("c2\u{1F}x"), CursorText.encode("c1"),
    ])
    func refused(text: String) {
        #expect(CursorText.decode(text, tag: "c1", parts: 2) == nil)
    }
}
