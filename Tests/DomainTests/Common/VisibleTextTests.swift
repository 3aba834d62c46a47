import Domain
import Testing

@Suite("VisibleText")
struct VisibleTextTests {
    /// Code points that show nothing or reorder what is shown, each with what it is.
    static let hidden: [(UInt32, String)] = [
        (0x200B, "ZERO WIDTH SPACE"),
        (0x200E, "LEFT-TO-RIGHT MARK (Bidi_Control)"),
        (0x202E, "RIGHT-TO-LEFT OVERRIDE (Bidi_Control)"),
        (0x2066, "LEFT-TO-RIGHT ISOLATE (Bidi_Control)"),
        (0x061C, "ARABIC LETTER MARK (Bidi_Control)"),
        (0xFEFF, "ZERO WIDTH NO-BREAK SPACE (byte order mark)"),
        (0x00AD, "SOFT HYPHEN"),
        (0x180E, "MONGOLIAN VOWEL SEPARATOR"),
        (0xE0041, "TAG LATIN CAPITAL LETTER A"),
        (0x2060, "WORD JOINER"),
        (0x034F, "COMBINING GRAPHEME JOINER"),
        (0x3164, "HANGUL FILLER"),
        (0x2800, "BRAILLE PATTERN BLANK"),
        (0x2028, "LINE SEPARATOR"),
        (0x0007, "BELL (C0 control)"),
        (0x0085, "NEXT LINE (C1 control)"),
        (0x009B, "CONTROL SEQUENCE INTRODUCER (C1 control)"),
    ]

    static func text(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

    @Test("an email holding any of them is refused, wherever it stands", arguments: hidden)
    func emailRefuses(value: UInt32, name: String) {
        let scalar = Self.text(value)
        for email in ["bob\(scalar)@example.com", "\(scalar)bob@example.com", "bob@exa\(scalar)mple.com", "bob@example.com\(scalar)"] {
            #expect(VisibleText.isVisibleEmail(email) == false, "\(name) in \(email.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a name holding any of them is refused, between letters or at either end", arguments: hidden)
    func nameRefuses(value: UInt32, name: String) {
        let scalar = Self.text(value)
        for text in ["Bo\(scalar)b", "\(scalar)Bob", "Bob\(scalar)", "Zo\(scalar)é", "é\(scalar)é"] {
            #expect(VisibleText.isVisibleName(text) == false, "\(name) in \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("ordinary names and addresses pass, in any script")
    func visiblePasses() {
        for name in ["Bob", "Zoé Lefèvre", "O'Brien-Smith", "Ελένη", "Борис", "محمد", "李小龍", "Nguyễn Thị Minh Khai", "Émile", "e\u{301}mile"] {
            #expect(VisibleText.isVisibleName(name), "\(name)")
        }
        for email in ["bob@example.com", "zoé@example.fr", "bob@xn--bcher-kva.example", "first.last+tag@example.co.uk"] {
            #expect(VisibleText.isVisibleEmail(email), "\(email)")
        }
    }

    @Test("a joiner stands only between two characters beyond ASCII; a variation selector only after one")
    func writingNeeds() {
        // Persian: "mi" + ZWNJ + "khaham"; Devanagari: KSSA with an explicit half form (virama + ZWJ).
        #expect(VisibleText.isVisibleName("می\u{200C}خواهم"))
        #expect(VisibleText.isVisibleName("क्\u{200D}ष"))
        // Emoji: a ZWJ family, a heart with its emoji presentation, a heart on fire.
        #expect(VisibleText.isVisibleName("Mom 👨\u{200D}👩\u{200D}👧"))
        #expect(VisibleText.isVisibleName("Mom ❤\u{FE0F}"))
        #expect(VisibleText.isVisibleName("❤\u{FE0F}\u{200D}🔥"))
        // ASCII beside a joiner, a joiner at an end, two in a row, a selector after ASCII or alone.
        for text in ["b\u{200C}ob", "bo\u{200D}b", "é\u{200C}b", "\u{200D}é", "é\u{200D}", "é\u{200D}\u{200D}é", "b\u{FE0F}ob", "\u{FE0F}", "é\u{FE0F}\u{FE0F}"] {
            #expect(VisibleText.isVisibleName(text) == false, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Emails take no exception.
        #expect(VisibleText.isVisibleEmail("می\u{200C}خواهم@example.com") == false)
        #expect(VisibleText.isVisibleEmail("❤\u{FE0F}@example.com") == false)
    }

    @Test("private-use and unassigned code points: refused in emails, allowed in names")
    func opaque() {
        for value: UInt32 in [0xE000, 0xF8FF, 0x10FFFD, 0x0378] {
            #expect(VisibleText.isVisibleEmail("bob\(Self.text(value))@example.com") == false)
            #expect(VisibleText.isVisibleName("Bob\(Self.text(value))"))
        }
    }

    @Test("every ASCII code point is judged as the Unicode properties judge it (ASCII skips the lookups)")
    func asciiAgreesWithProperties() {
        for value: UInt32 in 0...0x7F {
            let scalar = Unicode.Scalar(value)!
            let properties = scalar.properties
            let hidden = [.control, .format, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory)
                || properties.isBidiControl || properties.isDefaultIgnorableCodePoint
            let opaque = [.privateUse, .unassigned].contains(properties.generalCategory)
            let text = String(Character(scalar))
            #expect(VisibleText.isVisibleName("a\(text)b") == !hidden, "U+\(String(value, radix: 16))")
            #expect(VisibleText.isVisibleEmail("a\(text)b@example.com") == !(hidden || opaque), "U+\(String(value, radix: 16))")
            let plausible = !(properties.isWhitespace || value < 0x20 || value == 0x7F || text == "@")
            #expect(EmailRule.isPlausible("a\(text)b@example.com") == plausible, "U+\(String(value, radix: 16))")
        }
    }
}
