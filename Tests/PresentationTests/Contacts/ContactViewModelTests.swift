import Domain
import Foundation
import Presentation
import Testing

@Suite("Contact view models")
struct ContactViewModelTests {
    func written(_ value: some JSONWritable) -> String {
        var output = JSONOutput()
        value.write(to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test("If-Match accepts * and one strong tag of ours", arguments: [
        ("*", ContactETag.Condition.any), ("\"3\"", .version(3)), (" \"12\" ", .version(12)),
    ])
    func ifMatch(value: String, condition: ContactETag.Condition) {
        #expect(ContactETag.parseIfMatch(value) == condition)
    }

    @Test("If-Match refuses weak, unquoted, listed and absurd tags", arguments: ["W/\"3\"", "3", "\"3\", \"4\"", "\"-1\"", "\"\"", "\"99999999999999999999\"", "\"04\"", "\"+1\"", "\"0\""])
    func ifMatchRefused(value: String) {
        #expect(ContactETag.parseIfMatch(value) == nil)
    }

    @Test("the birthday is formatted in the client's language beside its machine value", arguments: [
        (Language.en, "Oct 02, 1950"), (.fr, "02 oct. 1950"),
    ])
    func birthday(language: Language, formatted: String) {
        let contact = ContactViewModel(Fixture.contact(), language: language)
        #expect(contact.birthday == "1950-10-02" && contact.birthdayFormatted == formatted)
        #expect(written(contact).contains(#""birthday":"1950-10-02","birthdayFormatted":"\#(formatted)""#))
    }

    @Test("without a birthday both fields are null")
    func noBirthday() {
        let model = ContactPresentationModel(Contact(
            id: ContactID("c_1"), ownerID: Fixture.owner, firstName: "Ada", createdAt: Fixture.created, updatedAt: Fixture.created))
        for language in Language.allCases {
            let contact = ContactViewModel(model, language: language)
            #expect(contact.birthdayFormatted == nil)
            #expect(written(contact).contains(#""birthday":null,"birthdayFormatted":null"#))
            #expect(written(contact).contains(#""addressLines":[]"#))
        }
    }

    @Test("the address's lines follow the client's language when the address names no country", arguments: [
        (Language.en, #"["1 Main St","Springfield IL 62704"]"#), (.fr, #"["1 Main St","62704 Springfield","IL"]"#),
    ])
    func addressLines(language: Language, lines: String) {
        let model = ContactPresentationModel(Contact(
            id: ContactID("c_1"), ownerID: Fixture.owner, firstName: "Ada",
            address: PostalAddress(street: "1 Main St", city: "Springfield", province: "IL", postalCode: "62704"),
            createdAt: Fixture.created, updatedAt: Fixture.created))
        #expect(written(ContactViewModel(model, language: language)).contains(#""addressLines":\#(lines)"#))
    }

    @Test("cursors this server did not make are refused", arguments: ["", "abc", "YzE", String(repeating: "A", count: 3000)])
    func forgedCursor(text: String) {
        #expect(ContactCursorCoding.decode(text) == nil)
    }
}
