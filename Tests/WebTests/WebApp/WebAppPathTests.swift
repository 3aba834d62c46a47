import Testing
@testable import Web

/// The path check on its own: the file table would turn these into 404s anyway, so this is what
/// proves the check itself refuses them.
@Suite("web app path")
struct WebAppPathTests {
    @Test("plain names under /app/ are read as relative paths", arguments: [
        ("/app/", ""), ("/app/index.html", "index.html"), ("/app/contacts/contacts.js", "contacts/contacts.js"),
    ])
    func accepted(path: String, relative: String) {
        #expect(WebAppPath.relative(path) == relative)
    }

    @Test("dots, encodings, backslashes, control bytes and empty segments are refused", arguments: [
        "/app/..", "/app/../x", "/app/a/../b", "/app/.", "/app/./a", "/app/.hidden", "/app/%2e%2e/x", "/app/a%2fb",
        "/app/a\\b", "/app/..\\x", "/app/a\u{0}", "/app//a", "/app/a/", "/app/a b", "/app/é",
    ])
    func refused(path: String) {
        #expect(WebAppPath.relative(path) == nil, "\(path) was accepted")
    }

    @Test("paths outside /app/ are not its to read", arguments: ["/", "/app", "/apple", "/v1/app/x"])
    func outside(path: String) {
        #expect(WebAppPath.relative(path) == nil)
    }
}
