import Testing
import Web

/// Which `--cors-origin` values are origins, and the form they are compared in.
@Suite("CORS origins")
struct CORSOriginTests {
    @Test("an origin is kept in the form browsers send", arguments: [
        ("https://app.example.com", "https://app.example.com"), ("HTTPS://App.Example.COM", "https://app.example.com"),
        ("https://app.example.com:443", "https://app.example.com"), ("http://localhost:3000", "http://localhost:3000"),
        ("http://127.0.0.1:8081", "http://127.0.0.1:8081"), ("http://[::1]:5173", "http://[::1]:5173"),
        ("capacitor://localhost", "capacitor://localhost"), ("http://example.com:80", "http://example.com"),
    ])
    func valid(text: String, serialized: String) throws {
        #expect(try CORSOrigin(text).description == serialized)
    }

    @Test("anything that is not scheme://host[:port] is refused with the reason", arguments: [
        ("*", "name each origin"), ("null", "null"), ("app.example.com", "scheme://host[:port]"), ("https://app.example.com/", "trailing /"),
        ("https://app.example.com/app", "path"), ("https://user@app.example.com", "user"), ("https://app.example.com:0", "port"),
        ("https://app.example.com:99999", "port"), ("https://app.example.com:", "port"), ("https://", "host"),
        ("https://exa mple.com", "host"), ("http://[nope]:80", "IPv6"), ("1http://x", "scheme://host[:port]"), ("https://a..b", "host"),
    ])
    func invalid(text: String, reason: String) {
        #expect {
            try CORSOrigin(text)
        } throws: { error in
            "\(error)".contains("'\(text)'") && "\(error)".contains(reason)
        }
    }
}
