import HTTPServer
import Testing

/// What every per-address limit counts a client under: an IPv4 address alone, an IPv6 address by
/// its network, so that the 2^64 addresses of one subscriber's /64 are one client.
@Suite("client address: per-address limit keys")
struct ClientAddressTests {
    @Test("every address of one /64 has the same key, and the next /64 another")
    func ipv6ByNetwork() {
        let keys = Set((0..<1000).map { ClientAddress.limitKey(of: "2001:db8:1:2:\(String($0, radix: 16))::\(String($0 * 7, radix: 16))", ipv6PrefixLength: 64) })
        #expect(keys == ["2001:db8:1:2::/64"])
        #expect(ClientAddress.limitKey(of: "2001:db8:1:3::1", ipv6PrefixLength: 64) == "2001:db8:1:3::/64")
    }

    @Test("the prefix length is configurable, and 128 counts each address alone")
    func prefixLength() {
        #expect(ClientAddress.limitKey(of: "2001:db8:1:2:3:4:5:6", ipv6PrefixLength: 48) == "2001:db8:1::/48")
        #expect(ClientAddress.limitKey(of: "2001:db8:1:2:3:4:5:6", ipv6PrefixLength: 56) == "2001:db8:1::/56")
        #expect(ClientAddress.limitKey(of: "2001:db8:1:2ff:3:4:5:6", ipv6PrefixLength: 56) == "2001:db8:1:200::/56")
        #expect(ClientAddress.limitKey(of: "2001:db8::7", ipv6PrefixLength: 128) == "2001:db8::7")
    }

    @Test("IPv4 addresses, IPv4-mapped ones included, are counted each alone")
    func ipv4Alone() {
        #expect(ClientAddress.limitKey(of: "192.0.2.1", ipv6PrefixLength: 64) == "192.0.2.1")
        #expect(ClientAddress.limitKey(of: "::ffff:192.0.2.1", ipv6PrefixLength: 64) == "192.0.2.1")
        #expect(ClientAddress.limitKey(of: "192.0.2.2", ipv6PrefixLength: 64) != ClientAddress.limitKey(of: "192.0.2.1", ipv6PrefixLength: 64))
    }

    @Test("text that is not an address is its own key")
    func notAnAddress() {
        #expect(ClientAddress.limitKey(of: "unix-socket", ipv6PrefixLength: 64) == "unix-socket")
    }
}
