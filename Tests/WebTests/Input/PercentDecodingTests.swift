import Foundation
import Testing
@testable import Web

@Suite("percent decoding")
struct PercentDecodingTests {
    /// Texts on every road of the decoder: escapes of both cases, multi-byte UTF-8, broken escapes,
    /// bytes that are no UTF-8, byte-order marks and `+` beside combining marks.
    static let samples = [
        "", "plain", "a+b", "+%2B+", "%2b", "%2B", "a%2Fb", "%20", "%C3%A9", "%c3%a9", "%E2%82%AC", "%F0%9F%98%80",
        "%zz", "%", "%4", "x%", "a%2", "%%41", "%4\u{301}1", "%\u{301}41", "%C3", "%FF", "%E2%82", "%ED%A0%80",
        "%C0%80", "%F4%90%80%80", "%00", "%EF%BB%BF", "%EF%BB%BFa", "\u{FEFF}a", "a%EF%BB%BF", "%EF%BB%BF%EF%BB%BF",
        "é", "e\u{301}%41", "+\u{301}", "a+\u{301}+b", "\u{600}+x", "+\u{903}", "+\u{200D}", "+\u{1F3FB}", "+\u{FE0F}", "+\u{E0100}", "+%CC%81", "é+%2B", "Ünïcödé+%C3%BC",
    ]

    @Test("a query value decodes exactly as Foundation's + replacement and removingPercentEncoding did", arguments: samples)
    func sameAsFoundationForQueries(raw: String) {
        let expected = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        #expect(PercentDecoding.decode(Substring(raw), plusIsSpace: true) == expected)
    }

    @Test("a path segment or header decodes exactly as removingPercentEncoding did, + left as it is", arguments: samples)
    func sameAsFoundationWithoutPlus(raw: String) {
        #expect(PercentDecoding.decode(raw) == raw.removingPercentEncoding)
    }

    @Test("+ is a space in a query value, %2B a plus, and multi-byte escapes make one character")
    func queryDecoding() {
        #expect(PercentDecoding.decode("Charlie+Brown", plusIsSpace: true) == "Charlie Brown")
        #expect(PercentDecoding.decode("1%2B1", plusIsSpace: true) == "1+1")
        #expect(PercentDecoding.decode("caf%C3%A9+%E2%82%AC", plusIsSpace: true) == "café €")
        #expect(PercentDecoding.decode("a+b") == "a+b")
    }

    @Test("an escape without two hex digits, or bytes that are no UTF-8, decode to nothing", arguments: ["%zz", "%", "a%2", "%C3", "%FF", "%ED%A0%80", "%C0%80"])
    func invalid(raw: String) {
        #expect(PercentDecoding.decode(raw, plusIsSpace: true) == nil)
        #expect(PercentDecoding.decode(raw) == nil)
    }

    @Test("one leading byte-order mark is dropped, as Foundation dropped it")
    func byteOrderMark() {
        #expect(PercentDecoding.decode("%EF%BB%BFa") == "a")
        #expect(PercentDecoding.decode("%EF%BB%BF%EF%BB%BF") == "\u{FEFF}")
        #expect(PercentDecoding.decode("a%EF%BB%BF") == "a\u{FEFF}")
    }
}
