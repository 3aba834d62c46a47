import Testing

@testable import Web

@Suite("Path encoding: one segment of a printed path")
struct PathEncodingTests {
    @Test("RFC 3986's unreserved ASCII characters pass through unchanged")
    func unreservedPassThrough() {
        let unreserved = "AZaz09-._~c_0123456789abcdefghjk"
        #expect(PathEncoding.segment(unreserved) == unreserved)
        #expect(PathEncoding.segment("") == "")
    }

    @Test("every other byte of the UTF-8 is %XX, so the path stays ASCII and reads back the same")
    func otherBytesEscaped() {
        #expect(PathEncoding.segment("a b/c?d#e%f") == "a%20b%2Fc%3Fd%23e%25f")
        #expect(PathEncoding.segment("é東😀") == "%C3%A9%E6%9D%B1%F0%9F%98%80")
        #expect(PathEncoding.segment("+:@!$&'()*,;=") == "%2B%3A%40%21%24%26%27%28%29%2A%2C%3B%3D")
    }
}
