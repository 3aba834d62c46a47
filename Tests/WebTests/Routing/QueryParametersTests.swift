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
}
