import Domain
import Testing

@Suite("EmailRule")
struct EmailRuleTests {
    @Test("why an address is refused: invisible code points first, then a domain beyond ASCII, then the form", arguments: [
        ("bob@example.com", nil),
        ("bob@xn--bcher-kva.example", nil),
        ("zoé@example.fr", nil),
        ("bob\u{200B}@example.com", EmailRule.Failure.invisibleCharacters),
        ("bob@example.com\u{202E}", .invisibleCharacters),
        ("bob@\u{FEFF}example.com", .invisibleCharacters),
        ("bob@bücher.example", .nonASCIIDomain),
        ("bob@ｅｘａｍｐｌｅ.com", .nonASCIIDomain),
        ("bob@exаmple.com", .nonASCIIDomain),  // a Cyrillic а
        ("bob@b\u{301}.com", .nonASCIIDomain),
        ("bob", .implausible),
        ("bob@example", .implausible),
        ("b ob@example.com", .implausible),
    ] as [(String, EmailRule.Failure?)])
    func failure(email: String, expected: EmailRule.Failure?) {
        #expect(EmailRule.failure(of: email) == expected)
    }
}
