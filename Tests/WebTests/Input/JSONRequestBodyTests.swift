import Foundation
import Testing
@testable import Web

@Suite("JSON request body media type")
struct JSONRequestBodyTests {
    @Test("application/json and +json types are accepted, in any letter case, with or without parameters", arguments: [
        "application/json", "APPLICATION/JSON", "Application/Json", "application/problem+json", "application/vnd.api+JSON",
        "application/+json", "application/json; charset=utf-8", "application/json;charset=UTF-8", "application/json; charset=utf8",
        "application/json; charset=\"UTF-8\"", "application/json; charset=\"utf-8", "application/json; boundary=x",
        "application/json; CHARSET=Utf-8; q=1", "application/json; charset = latin1", "application/json;",
        "application/json ;\tcharset=utf-8 ", " \tapplication/json", ";application/json", "application/json;;charset=utf-8",
        "application/problem+json; charset=utf-8", "application/vnd.é+json", "application/json\u{A0}; charset=utf-8\u{3000}",
        // A `;` followed by a combining mark is one character, no separator: one long +json type.
        "application/xml;\u{301}x+json",
    ])
    func accepted(contentType: String) {
        #expect(JSONRequestBody.isJSON(contentType))
        #expect(legacyIsJSON(contentType))
    }

    @Test("other types, other charsets and malformed values are refused", arguments: [
        "", ";", " ", "text/json", "text/plain", "application/xml", "application/jsonx", "application/json+xml", "application",
        "application/ json", "application /json", "application+json", "json", "application/json charset=utf-8",
        "application/json; charset=latin1", "application/json; charset=utf-16", "application/json; charset=",
        "application/json; charset=\"\"", "application/json; charset= utf-8", "application/json; charset=\"utf-8 \"",
        "application/json; charset=utf-8; charset=latin1", " ;application/json", "multipart/form-data; boundary=x",
        "application/x+json\u{301}", "application/\u{301}x+json", "application/json\u{200C}",
    ])
    func refused(contentType: String) {
        #expect(!JSONRequestBody.isJSON(contentType))
        #expect(!legacyIsJSON(contentType))
    }

    @Test("every value built from media type pieces gets the verdict it got before the byte parser")
    func sameVerdictAsBefore() {
        let types = ["application/json", "APPLICATION/Json", "application/ld+json", "text/json", "application/jsonp", "", "application/+json"]
        let separators = [";", "; ", " ;", ";;", " ; \t", "\u{A0};\u{2003}", "\u{37E}", ";\u{301}"]
        let parameters = [
            "charset=utf-8", "charset=UTF8", "charset=\"utf-8\"", "charset=latin1", "charset=", "Charset=Utf-8", "charset =utf-8",
            "q=1", "x+json", "charset=\u{212A}", "charset=utf-8\u{200B}", "charset=\"\"utf8\"\"", "",
        ]
        for type in types {
            #expect(JSONRequestBody.isJSON(type) == legacyIsJSON(type), "\(type.debugDescription)")
            for separator in separators {
                for parameter in parameters {
                    let value = type + separator + parameter
                    #expect(JSONRequestBody.isJSON(value) == legacyIsJSON(value), "\(value.debugDescription)")
                }
            }
        }
    }

    @Test("every scalar around the type and the charset is trimmed, or kept, as Foundation's whitespaces were")
    func spacesAsBefore() {
        let scalars = (Array(0...0x3100) + [0x1680, 0x180E, 0x200B, 0x205F, 0x3000, 0xFEFF]).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for value in ["\(scalar)application/json\(scalar)", "application/json;\(scalar)charset=utf-8\(scalar)"] {
                #expect(JSONRequestBody.isJSON(value) == legacyIsJSON(value), "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test("an ASCII value is decided on its bytes, without building a string")
    func asciiOnBytes() {
        for value in ["application/json", "application/json; charset=utf-8", "text/plain"] {
            #expect(value.utf8.withContiguousStorageIfAvailable(MediaTypeBytes.isJSON) != nil)
        }
        #expect("application/json\u{A0}".utf8.withContiguousStorageIfAvailable(MediaTypeBytes.isJSON) == .some(nil))
    }

    /// The Foundation implementation the byte parser replaced, kept as the reference.
    private func legacyIsJSON(_ contentType: String) -> Bool {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type = parts.first, type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) else {
            return false
        }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            let charset = parameter.dropFirst("charset=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if charset != "utf-8" && charset != "utf8" { return false }
        }
        return true
    }
}
