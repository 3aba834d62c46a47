#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as a client or proxy has it: parsed from text, compared by bytes, and
/// printed in one canonical form, so `::ffff:10.0.0.1` and `10.0.0.1` are the same client.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4 (IPv4-mapped IPv6 addresses included), 16 for IPv6.
    public let bytes: [UInt8]

    public var isIPv4: Bool { bytes.count == 4 }

    /// Parses `192.0.2.1`, `2001:db8::1`, and the forms proxies write into `X-Forwarded-For`:
    /// `[2001:db8::1]`, `[2001:db8::1]:443` and `192.0.2.1:443`. Nil for anything else.
    public init?(_ text: Substring) {
        var host = text.trimmingSpaces
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            guard after.isEmpty || (after.hasPrefix(":") && after.dropFirst().allSatisfy(\.isASCIIDigit) && after.count > 1) else { return nil }
            host = host[host.index(after: host.startIndex)..<close]
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            // One colon: an IPv4 address with a port (an IPv6 address has at least two).
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isASCIIDigit) else { return nil }
            host = host[..<colon]
        }
        guard !host.isEmpty, host.count <= 45, host.allSatisfy({ $0.isASCIIHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        let text = String(host)
        var v4 = in_addr()
        if !text.contains(":"), inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let all = withUnsafeBytes(of: &v6) { Array($0) }
        // IPv4-mapped (::ffff:a.b.c.d): an IPv4 client reaching a dual-stack listener.
        if all[0..<10].allSatisfy({ $0 == 0 }) && all[10] == 0xFF && all[11] == 0xFF {
            bytes = Array(all[12..<16])
        } else {
            bytes = all
        }
    }

    /// From 4 or 16 bytes in network order.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init?(_ text: String) {
        self.init(text[...])
    }

    /// The address with every bit after its first `prefixLength` cleared: the network it lies in.
    public func masked(toPrefix prefixLength: Int) -> ClientAddress {
        ClientAddress(bytes: Self.masked(bytes, prefixLength))
    }

    /// What a per-address limit counts this client under: an IPv4 address alone, an IPv6 address
    /// by its network of `ipv6PrefixLength` bits (`2001:db8:1:2::/64`). One IPv6 subscriber is
    /// routed a whole /64 (RFC 6177) and may use any of its 2^64 addresses, so counting the full
    /// address would give one client a fresh limit per connection.
    public func limitKey(ipv6PrefixLength: Int) -> String {
        if isIPv4 || ipv6PrefixLength >= 128 { return description }
        let prefix = max(0, ipv6PrefixLength)
        return "\(masked(toPrefix: prefix))/\(prefix)"
    }

    /// The per-address limit key (`limitKey(ipv6PrefixLength:)`) of a peer or client address as
    /// text; text that is not an address is its own key.
    public static func limitKey(of text: String, ipv6PrefixLength: Int) -> String {
        ClientAddress(text)?.limitKey(ipv6PrefixLength: ipv6PrefixLength) ?? text
    }

    static func masked(_ bytes: [UInt8], _ prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let bits = min(8, max(0, prefixLength - index * 8))
            return bits == 8 ? byte : byte & ~(0xFF >> bits)
        }
    }

    /// `192.0.2.1` or RFC 5952's compressed IPv6 form, as `inet_ntop` writes them.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        if isIPv4 {
            var v4 = in_addr()
            withUnsafeMutableBytes(of: &v4) { $0.copyBytes(from: bytes) }
            inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count))
        } else {
            var v6 = in6_addr()
            withUnsafeMutableBytes(of: &v6) { $0.copyBytes(from: bytes) }
            inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count))
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIIHexDigit: Bool { isASCII && isHexDigit }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
