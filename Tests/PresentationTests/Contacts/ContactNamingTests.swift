import Presentation
import Testing

@Suite("ContactNaming")
struct ContactNamingTests {
    @Test("a contact is named by both parts with one space, or by whichever part exists", arguments: [
        ("Charlie", "Brown", "Charlie Brown"), ("Charlie", nil, "Charlie"), (nil, "Brown", "Brown"), (nil, nil, ""),
        ("", "Brown", " Brown"), ("Zoë", "Ångström-Łukasiewicz 😀", "Zoë Ångström-Łukasiewicz 😀"),
        ("A", "B", "A B"), (String(repeating: "x", count: 40), "y", String(repeating: "x", count: 40) + " y"),
    ] as [(String?, String?, String)])
    func names(first: String?, last: String?, expected: String) {
        let name = ContactNaming.contactName(firstName: first, lastName: last)
        #expect(name == expected)
        #expect(Array(name.utf8) == Array(expected.utf8))
    }
}
