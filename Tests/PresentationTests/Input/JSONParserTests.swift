import Presentation
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test("numbers keep the literal the client wrote")
    func numberLiterals() throws {
        #expect(try parse("[3, 3.0, 1e3, -1, 99999999999999999999, 0.5E-2]") == .array([
            .number("3"), .number("3.0"), .number("1e3"), .number("-1"), .number("99999999999999999999"), .number("0.5E-2"),
        ]))
    }

    @Test("objects, strings with escapes and surrogate pairs, literals")
    func values() throws {
        #expect(try parse(#" {"a": [true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00"} "#) == .object([
            "a": .array([.bool(true), .bool(false), .null]), "b": .string("x\"\\/\né😀"),
        ]))
        #expect(try parse("\u{FEFF}{}") == .object([:]))
        #expect(try parse(#"{"a":1,"a":2}"#) == .object(["a": .number("2")]))
    }

    @Test("anything outside RFC 8259 is refused", arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "NaN", "tru", "nul", "'a'", "\"a", "\"\u{1}\"",
        #""\x""#, #""\ud800""#, #""\udc00""#, #""\u12""#, "{} {}", "{\"a\" 1}", "[1 2]", "// c\n{}",
    ])
    func refused(text: String) {
        #expect(throws: JSONParser.Invalid.self) { try parse(text) }
    }

    @Test("invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: JSONParser.Invalid.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("nesting deeper than the limit is refused instead of exhausting the stack")
    func depth() throws {
        let limit = JSONParser.maximumDepth
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) }
        #expect(throws: JSONParser.Invalid.self) { try parse(String(repeating: "[", count: 100_000)) }
    }
}
