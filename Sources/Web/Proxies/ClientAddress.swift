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
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init?(_ text: String) {
        self.init(text[...])
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
