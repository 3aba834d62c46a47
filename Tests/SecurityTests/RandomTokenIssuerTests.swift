import Domain
import Foundation
import Security
import Testing

@Suite("bearer tokens")
struct RandomTokenIssuerTests {
    let issuer = RandomTokenIssuer()

    @Test("tokens are 43 base64url characters from 32 random bytes, stored as SHA-256 hex")
    func shape() throws {
        let issued = issuer.issue()
        #expect(issued.token.count == 43)
        #expect(issued.token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(issued.digest.count == 64)
        #expect(issued.digest == RandomTokenIssuer.sha256Hex(issued.token))
        #expect(issuer.digest(of: issued.token) == issued.digest)
        #expect(issuer.issue().token != issued.token)
    }

    @Test("no token starts with a dash, so a command line never reads one as an option")
    func noLeadingDash() {
        // About 1 in 64 draws starts with "-"; 2,000 tokens all but surely include such draws.
        for _ in 0..<2_000 { #expect(issuer.issue().token.first != "-") }
    }

    @Test("the SHA-256 is the standard one")
    func knownDigest() {
        #expect(RandomTokenIssuer.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("anything that cannot be a token has no digest", arguments: ["", "short", String(repeating: "a", count: 44), String(repeating: "a", count: 42) + "!", String(repeating: "é", count: 43)])
    func junk(token: String) {
        #expect(issuer.digest(of: token) == nil)
    }
}
