import Domain
import Foundation
import Presentation
import Testing

@Suite("Contact view models")
struct ContactViewModelTests {
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
