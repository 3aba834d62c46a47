import Domain
import Foundation
import Testing

@Suite("JSONText")
struct JSONTextTests {
    /// What `OutboxEvent.payloadJSON` wrote before `JSONText`, and what the outbox already holds.
    private static func foundationObject(_ fields: [String: String]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    @Test("every key an outbox event's payload has, with plain values, is written exactly as Foundation wrote it: stored events keep their text")
    func sameTextAsFoundation() throws {
        let keys = [
            "amountMinor", "cancelledBy", "contactId", "creditTransactionId", "currency", "email", "fromAccountId", "number",
            "orderId", "status", "toAccountId", "transferId", "version",
        ]
        let all = Dictionary(uniqueKeysWithValues: keys.map { ($0, "v_\($0)/1@example.com") })
        #expect(JSONText.object(all) == (try Self.foundationObject(all)))
        #expect(JSONText.object(["contactId": "c_1", "version": "3"]) == #"{"contactId":"c_1","version":"3"}"#)
        #expect(JSONText.object([:]) == "{}")
    }

    @Test("quotes, backslashes, every control character, slashes and text beyond ASCII read back as the same strings")
    func hostileValuesRoundTrip() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let fields = [
            "quote": "say \"hi\"", "backslash": #"C:\temp\"#, "controls": controls, "slash": "</script>",
            "beyond": "Zoë Straße 東京 🙂", "key \"quoted\"\n": "", "": "empty key",
        ]
        let text = JSONText.object(fields)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(parsed == fields)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "no raw control character in the text")
        #expect(JSONText.quoted("\u{1}\u{8}\u{C}\u{1F}") == #""\u0001\b\f\u001f""#)
    }

    @Test("keys are in Unicode scalar order whatever order the dictionary holds them in")
    func keysSorted() {
        let fields = Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\(($0 * 37) % 50)", "\($0)") })
        let text = JSONText.object(fields)
        let order = fields.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        var at = text.startIndex
        for key in order {
            let found = text.range(of: "\"\(key)\":", range: at..<text.endIndex)
            #expect(found != nil, "\(key) after the keys before it")
            if let found { at = found.upperBound }
        }
    }
}
