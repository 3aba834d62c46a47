import Testing
@testable import Web

@Suite("query parameters")
struct QueryParametersTests {
    @Test("values are percent-decoded, + is a space, the first of a repeated key wins")
    func decoding() {
        let query = QueryParameters("q=Charlie+Brown&limit=5&q=other&cursor=a%2Fb&empty=&bad=%zz")
        #expect(query["q"] == "Charlie Brown")
        #expect(query["limit"] == "5")
        #expect(query["cursor"] == "a/b")
        #expect(query["empty"] == "")
        #expect(query["bad"] == "\u{FFFD}")
        #expect(query["missing"] == nil)
    }

    @Test("%2B is a plus, multi-byte escapes decode, and an invalid escape or UTF-8 makes the value U+FFFD and the key absent")
    func escapes() {
        let query = QueryParameters("plus=1%2B1&name=caf%C3%A9+%E2%82%AC&half=%C3&short=%4&%zz=1&%C3=2&ok=%2b")
        #expect(query["plus"] == "1+1")
        #expect(query["name"] == "café €")
        #expect(query["half"] == "\u{FFFD}")
        #expect(query["short"] == "\u{FFFD}")
        #expect(query["%zz"] == nil)
        #expect(query["%C3"] == nil)
        #expect(query["ok"] == "+")
    }
}
