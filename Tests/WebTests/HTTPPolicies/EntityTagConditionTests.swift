import Testing
@testable import Web

/// Parsing `If-None-Match` and its weak comparison (RFC 9110 §13.1.2, §8.8.3.2).
@Suite("If-None-Match values")
struct EntityTagConditionTests {
    @Test("`*` matches any tag")
    func any() {
        #expect(EntityTagCondition.ifNoneMatch([" * "]) == .any)
        #expect(EntityTagCondition.ifNoneMatch(["*"])?.matches("\"9\"") == true)
    }

    @Test("a list matches when any of its tags is the current one, weak or strong on either side", arguments: [
        (#""3""#, #""3""#, true), (#"W/"3""#, #""3""#, true), (#""3""#, #"W/"3""#, true),
        (#""1", "2" ,"3""#, #""3""#, true), (#", ,"3",,"#, #""3""#, true), (#""1", W/"2""#, #""3""#, false),
        (#""33""#, #""3""#, false), (#""a,b""#, #""a,b""#, true), (#""""#, #""""#, true),
    ])
    func list(header: String, etag: String, matches: Bool) throws {
        let condition = try #require(EntityTagCondition.ifNoneMatch([header]))
        #expect(condition.matches(etag) == matches)
    }

    @Test("several field lines form one list")
    func severalLines() throws {
        let condition = try #require(EntityTagCondition.ifNoneMatch([#""1""#, #""3""#]))
        #expect(condition.matches(#""3""#))
    }

    @Test("a value that is not a list of entity tags is ignored", arguments: [
        "3", #""3"x"#, #"w/"3""#, #""3"#, #""a b""#, "*, \"3\"", "", " , ", #"W/ "3""#, "\"\u{01}\"",
    ])
    func malformed(header: String) {
        #expect(EntityTagCondition.ifNoneMatch([header]) == nil)
    }

    @Test("no header is no condition")
    func absent() {
        #expect(EntityTagCondition.ifNoneMatch([]) == nil)
    }
}
