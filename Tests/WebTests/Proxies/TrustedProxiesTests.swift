import Testing
import HTTPServer
import Web

@Suite("trusted proxies")
struct TrustedProxiesTests {
    @Test("without a trusted proxy, X-Forwarded-For is ignored and the peer is the client")
    func offByDefault() {
        #expect(TrustedProxies.none.clientAddress(peer: "10.0.0.5", forwardedFor: ["203.0.113.9"]) == "10.0.0.5")
    }

    @Test("from an untrusted peer, X-Forwarded-For is ignored")
    func untrustedPeer() throws {
        let proxies = try TrustedProxies(ranges: ["10.0.0.0/8"])
        #expect(proxies.clientAddress(peer: "198.51.100.7", forwardedFor: ["203.0.113.9"]) == "198.51.100.7")
    }

    @Test("from a trusted peer, the right-most untrusted address of X-Forwarded-For is the client")
    func rightMostUntrusted() throws {
        let proxies = try TrustedProxies(ranges: ["10.0.0.0/8", "192.168.1.1"])
        // The client forged the left part; the proxies appended the rest.
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: ["1.1.1.1, 203.0.113.9, 192.168.1.1"]) == "203.0.113.9")
        // Several field lines are one list, in order.
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: ["1.1.1.1", "203.0.113.9"]) == "203.0.113.9")
        // Only trusted hops: the left-most one.
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: ["10.9.9.9, 192.168.1.1"]) == "10.9.9.9")
        // No header: the peer.
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: []) == "10.1.2.3")
        // Garbage stops the walk at the nearest hop known.
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: ["203.0.113.9, not-an-ip"]) == "10.1.2.3")
        #expect(proxies.clientAddress(peer: "10.1.2.3", forwardedFor: ["unknown, 10.4.4.4"]) == "10.4.4.4")
    }

    @Test("IPv6 ranges match, IPv4-mapped peers count as IPv4, and ports and brackets are understood")
    func addressForms() throws {
        let proxies = try TrustedProxies(ranges: ["fd00::/8", "127.0.0.1"])
        #expect(proxies.clientAddress(peer: "fd12::1", forwardedFor: ["[2001:db8::7]:4431"]) == "2001:db8::7")
        #expect(proxies.clientAddress(peer: "::ffff:127.0.0.1", forwardedFor: ["203.0.113.9:5000"]) == "203.0.113.9")
        #expect(proxies.clientAddress(peer: "::1", forwardedFor: ["203.0.113.9"]) == "::1")
        #expect(ClientAddress("2001:DB8:0:0::7")?.description == "2001:db8::7")
        #expect(ClientAddress("300.1.1.1") == nil)
        #expect(ClientAddress("") == nil)
    }

    @Test("a range that is not a CIDR is refused with the reason", arguments: [
        ("10.0.0/8", "is not an IPv4 or IPv6 address"),
        ("10.0.0.0/33", "prefix length that is not 0...32"),
        ("fd00::/129", "prefix length that is not 0...128"),
        ("10.0.0.1/8", "did you mean 10.0.0.0/8?"),
        ("proxy.example.com", "is not an IPv4 or IPv6 address"),
        ("10.0.0.0/", "prefix length"),
        ("10.0.0.1:80", "is not an IPv4 or IPv6 address"),
    ])
    func invalidRanges(text: String, words: String) {
        #expect {
            try TrustedProxies(ranges: [text])
        } throws: { error in
            (error as? TrustedProxies.InvalidRange)?.description.contains(words) == true
        }
    }

    @Test("a /0 trusts every address of its family only")
    func everything() throws {
        let proxies = try TrustedProxies(ranges: ["0.0.0.0/0"])
        #expect(proxies.contains(ClientAddress("8.8.8.8")!))
        #expect(!proxies.contains(ClientAddress("2001:db8::1")!))
    }
}
