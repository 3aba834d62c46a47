import Domain
import Foundation
import Presentation
import Testing

/// The hand-written JSON is the view models' only encoding: each is checked against the exact
/// document a client receives.
@Suite("hand-written JSON")
struct JSONOutputTests {
    func written(_ value: some JSONWritable) -> String {
        var output = JSONOutput()
        value.write(to: &output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test("a contact is written with every key in order and absent values as null")
    func contact() {
        #expect(written(ContactViewModel(Fixture.contact(first: nil), language: .en)) == """
            {"id":"c_1","firstName":null,"lastName":"Brown","contactName":"Brown","email":"charlie@example.com",\
            "phone":null,"birthday":"1950-10-02","birthdayFormatted":"Oct 02, 1950","address":{"street":null,"street2":null,"city":"Toronto",\
            "province":null,"postalCode":null,"country":null},"addressLines":["Toronto"],"createdAt":"2026-11-18T11:06:40Z",\
            "updatedAt":"2026-11-18T11:06:40Z"}
            """)
    }

    @Test("quotes, backslashes and control characters are escaped; other Unicode passes through")
    func escapes() throws {
        let text = written(ContactViewModel(Fixture.contact(first: "Quote \" back\\slash tab\t nl\n cr\r bell\u{7} é 😀", last: nil), language: .en))
        #expect(text.contains(#""firstName":"Quote \" back\\slash tab\t nl\n cr\r bell\u0007 é 😀""#))
        // And it is JSON a standard parser reads back to the same string.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["firstName"] as? String == "Quote \" back\\slash tab\t nl\n cr\r bell\u{7} é 😀")
    }

    @Test("text with nothing to escape is written byte for byte, and one escape anywhere is still made")
    func plainText() {
        for name in ["Zoë 東京 😀", "plain", ""] {
            #expect(written(ContactViewModel(Fixture.contact(first: name, last: nil), language: .en)).contains("\"firstName\":\"\(name)\""))
        }
        for name in ["\"first", "last\"", "mid\\dle", "end\u{1F}"] {
            let text = written(ContactViewModel(Fixture.contact(first: name, last: nil), language: .en))
            #expect(!text.contains("\"firstName\":\"\(name)\""), "\(name) must be escaped")
        }
    }

    @Test("line breaks before values leave each element on a line of its own, its comma before the break, and stay JSON")
    func lineBreaks() throws {
        var output = JSONOutput()
        output.beginArray()
        for index in 1...3 {
            output.breakLineBeforeNextValue()
            output.beginObject()
            output.field("n", "\(index)\nline")
            output.endObject()
        }
        output.breakLine()
        output.endArray()
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text == "[\n{\"n\":\"1\\nline\"},\n{\"n\":\"2\\nline\"},\n{\"n\":\"3\\nline\"}\n]")
        #expect((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]])?.count == 3)
    }

    @Test("a list page has items and nextCursor, and a message only when there is one")
    func list() {
        let item = ContactListItemViewModel(ContactSummaryPresentationModel(ContactSummary(Contact(
            id: ContactID("c_1"), ownerID: Fixture.owner, firstName: "A", lastName: "B", createdAt: Fixture.created, updatedAt: Fixture.created))))
        #expect(written(ContactListViewModel(items: [item, item], nextCursor: "abc", message: nil)) == """
            {"items":[{"id":"c_1","contactName":"A B","phone":null},{"id":"c_1","contactName":"A B","phone":null}],"nextCursor":"abc"}
            """)
        #expect(written(ContactListViewModel(items: [], nextCursor: nil, message: "No contacts found")) == """
            {"items":[],"nextCursor":null,"message":"No contacts found"}
            """)
    }

    @Test("every control character is escaped, in lowercase hex where it has no short form, and reads back as itself")
    func controlCharacters() throws {
        let short: [UInt8: String] = [0x09: #"\t"#, 0x0A: #"\n"#, 0x0D: #"\r"#]
        for byte in UInt8(0)..<0x20 {
            let text = "a" + String(UnicodeScalar(byte)) + "z"
            var output = JSONOutput()
            output.beginArray()
            output.string(text)
            output.bool(true)
            output.bool(false)
            output.null()
            output.endArray()
            let escape = short[byte] ?? #"\u00"# + String(format: "%02x", byte)
            #expect(String(decoding: output.bytes, as: UTF8.self) == "[\"a\(escape)z\",true,false,null]")
            let read = try #require(JSONSerialization.jsonObject(with: Data(output.bytes)) as? [Any])
            #expect(read.first as? String == text)
        }
    }
}
