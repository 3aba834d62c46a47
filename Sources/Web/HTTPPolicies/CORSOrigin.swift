import Foundation
import HTTPServer

/// One web origin, `scheme://host[:port]` (RFC 6454), in the form browsers send in `Origin`:
/// scheme and host lower-cased, the scheme's default port left out.
public struct CORSOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int?

    /// Why a `--cors-origin` value is not an origin.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "'\(text)' \(reason)" }
    }

    private static let defaultPorts = ["http": 80, "https": 443]

    public init(_ text: String) throws(Invalid) {
        func invalid(_ reason: String) -> Invalid { Invalid(text: text, reason: reason) }
        let shape = "is not an origin: scheme://host[:port], as in https://app.example.com or http://localhost:3000"
        if text == "*" { throw invalid("is not allowed: name each origin whose pages may call the API") }
        if text.lowercased() == "null" { throw invalid("is not allowed: the opaque origin null is shared by sandboxes and local files") }
        guard let separator = text.range(of: "://") else { throw invalid(shape) }
        let scheme = text[..<separator.lowerBound].lowercased()
        var authority = text[separator.upperBound...]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { throw invalid(shape) }
        if authority.hasSuffix("/") && !authority.dropLast().contains("/") {
            throw invalid("has a path; an origin ends after the host or port (drop the trailing /)")
        }
        guard !authority.contains(where: { "/?#@".contains($0) }) else {
            throw invalid("has a path, query or user; an origin is scheme://host[:port] only")
        }
        var port: Int?
        var host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid(shape) }
            host = authority[...close]
            let inside = authority[authority.index(after: authority.startIndex)..<close]
            guard inside.contains(":"), ClientAddress(inside) != nil else { throw invalid("has a bracketed host that is not an IPv6 address") }
            authority = authority[authority.index(after: close)...]
        } else {
            let end = authority.firstIndex(of: ":") ?? authority.endIndex
            host = authority[..<end]
            authority = authority[end...]
            guard !host.isEmpty, host.count <= 253, !host.hasPrefix("."), !host.hasSuffix("."), !host.contains(".."),
                host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) })
            else { throw invalid("has a host that is not a name or an IPv4 address") }
        }
        if !authority.isEmpty {
            let digits = authority.dropFirst()
            guard authority.first == ":", !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(digits), (1...65535).contains(number)
            else { throw invalid("has a port that is not 1...65535") }
            port = number
        }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port == Self.defaultPorts[scheme] ? nil : port
    }

    /// The serialization a browser sends: `https://app.example.com`, `http://localhost:3000`.
    public var description: String {
        port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}
