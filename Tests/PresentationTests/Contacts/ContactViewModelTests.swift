import Domain
import Foundation
import Presentation
import Testing

@Suite("Contact view models")
struct ContactViewModelTests {
    @Test("absent values are written as null, never left out")
    func explicitNulls() throws {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ContactViewModel(Fixture.contact(first: nil)))) as? [String: Any]
        let object = try #require(json)
        #expect(object.keys.sorted() == ["address", "birthday", "contactName", "createdAt", "email", "firstName", "id", "lastName", "phone", "updatedAt"])
        #expect(object["firstName"] is NSNull)
        #expect(object["contactName"] as? String == "Brown")
        let address = try #require(object["address"] as? [String: Any])
        #expect(address["street"] is NSNull)
        #expect(address["city"] as? String == "Toronto")
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

    @Test("cursors this server did not make are refused", arguments: ["", "abc", "YzE", String(repeating: "A", count: 3000)])
    func forgedCursor(text: String) {
        #expect(ContactCursorCoding.decode(text) == nil)
    }
}
