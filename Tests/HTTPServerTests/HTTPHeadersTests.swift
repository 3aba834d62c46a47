import Testing
@testable import HTTPServer

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("names are equal whatever their ASCII case, and only then", arguments: [
        ("Content-Length", "content-length", true), ("ETAG", "etag", true), ("", "", true), ("x", "X", true),
        ("Content-Length", "Content-Lengt", false), ("Content-Length", "Content-Lengths", false), ("host", "hoss", false),
        ("Host", "", false), ("a-b", "a_b", false), ("[", "{", false), ("@", "`", false),
        // Only ASCII letters fold: other bytes compare as they are.
        ("é", "É", false), ("é", "é", true), ("x\u{0}", "X\u{0}", true),
    ])
    func namesEqual(left: String, right: String, equal: Bool) {
        #expect(HTTPHeaders.namesEqual(left, right) == equal)
        #expect(HTTPHeaders.namesEqual(right, left) == equal)
        // A name cut from a larger text compares as the same name.
        let cut = String(("." + left + ".").dropFirst().dropLast())
        #expect(HTTPHeaders.namesEqual(cut, right) == equal)
    }

    @Test("lookups find fields by name in any case: the first value, every value, removal")
    func lookups() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "a")
        headers.add(name: "accept-encoding", value: "gzip")
        headers.add(name: "ACCEPT", value: "b")
        #expect(headers["accept"] == "a")
        #expect(headers.values(for: "Accept") == ["a", "b"])
        #expect(headers["Accept-Encoding"] == "gzip")
        #expect(!headers.contains("Accep"))
        headers.replaceOrAdd(name: "accept", value: "c")
        #expect(headers.values(for: "ACCEPT") == ["c"])
        headers.remove(name: "ACCEPT-ENCODING")
        #expect(headers["accept-encoding"] == nil)
    }
}
