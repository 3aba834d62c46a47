import Foundation

/// The relay named by `--smtp-url smtp://[user:password@]host[:port]` (port 25 by default).
///
/// Only `smtp://` is understood. viperd speaks plain SMTP to its relay, with neither implicit
/// TLS (`smtps://`) nor STARTTLS, so the messages and any AUTH credentials cross that one link
/// in clear: point it at a relay on a network you trust, typically a local MTA (Postfix, a
/// sidecar container) that sends on to the world with TLS.
public struct SMTPRelay: Sendable, Equatable, CustomStringConvertible {
    /// A host name, an IPv4 address, or an IPv6 address without its brackets.
    public var host: String
    /// The TCP port, 1...65535.
    public var port: Int
    /// The AUTH user, percent-decoded; nil: the client does not authenticate.
    public var username: String?
    /// The AUTH password, percent-decoded; nil with a user: an empty password.
    public var password: String?

    /// A relay from its parts, as given (the client refuses a user or password holding a
    /// control character when it sends).
    public init(host: String, port: Int = 25, username: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
    }

    /// Parses `smtp://[user[:password]@]host[:port][/]`: percent-decodes user and password
    /// (write `@` as `%40`, `:` as `%3A`); takes an IPv6 address in brackets. Refuses another
    /// scheme, `smtps://` included (TLS is not supported: see the type's comment), a path,
    /// query or fragment, a missing host, a port outside 1...65535, and any control character,
    /// written or percent-encoded. The error never repeats the URL, which may hold a password.
    public init(url: String) throws(SMTPRelayURLError) {
        if url.unicodeScalars.contains(where: Self.isControl) {
            throw SMTPRelayURLError(reason: "the SMTP URL holds a control character")
        }
        guard let separator = url.range(of: "://") else {
            throw SMTPRelayURLError(reason: "the SMTP URL must start with smtp://")
        }
        switch url[..<separator.lowerBound].lowercased() {
        case "smtp":
            break
        case "smtps":
            throw SMTPRelayURLError(
                reason: """
                    smtps:// (SMTP over TLS) is not supported: viperd speaks plain SMTP only; give it smtp:// to a relay \
                    on a network you trust, such as a local MTA that sends on with TLS
                    """
            )
        default:
            throw SMTPRelayURLError(reason: "the SMTP URL must start with smtp://")
        }
        var authority = url[separator.upperBound...]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            throw SMTPRelayURLError(reason: "the SMTP URL must have no path, query or fragment (write / ? # in a password as %2F %3F %23)")
        }

        var hostAndPort = authority
        username = nil
        password = nil
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostAndPort = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                username = try Self.percentDecoded(userInfo[..<colon])
                password = try Self.percentDecoded(userInfo[userInfo.index(after: colon)...])
            } else {
                username = try Self.percentDecoded(userInfo)
            }
            if username?.isEmpty ?? true {
                throw SMTPRelayURLError(reason: "the SMTP URL names an empty user")
            }
        }

        let portText: Substring?
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else {
                throw SMTPRelayURLError(reason: "the SMTP URL's IPv6 address has no closing ]")
            }
            host = String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close])
            let rest = hostAndPort[hostAndPort.index(after: close)...]
            if rest.isEmpty {
                portText = nil
            } else if rest.hasPrefix(":") {
                portText = rest.dropFirst()
            } else {
                throw SMTPRelayURLError(reason: "the SMTP URL has text after its IPv6 address's ]")
            }
            if host.isEmpty || !host.unicodeScalars.allSatisfy(Self.isIPv6Character) {
                throw SMTPRelayURLError(reason: "the SMTP URL's host in brackets is not an IPv6 address")
            }
        } else {
            let parts = hostAndPort.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count > 2 {
                throw SMTPRelayURLError(reason: "the SMTP URL's host has several colons: write an IPv6 address in brackets, [::1]")
            }
            host = String(parts[0])
            portText = parts.count == 2 ? parts[1] : nil
            if host.isEmpty {
                throw SMTPRelayURLError(reason: "the SMTP URL has no host")
            }
            if !host.unicodeScalars.allSatisfy(Self.isHostCharacter) {
                throw SMTPRelayURLError(reason: "the SMTP URL's host may hold only letters, digits, '-', '_' and '.'")
            }
        }
        port = try portText.map(Self.port) ?? 25
    }

    /// The URL with the password hidden, for logs and startup banners.
    public var description: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let userPart = username.map { "\($0)\(password == nil ? "" : ":***")@" } ?? ""
        return "smtp://\(userPart)\(hostPart):\(port)"
    }

    /// C0 controls, DEL and C1 controls: no part of a relay's URL has a use for them, and CR or
    /// LF in a user would end an SMTP command line.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._".unicodeScalars.contains(scalar)
    }

    private static func isIPv6Character(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isASCIIHexDigit || scalar == ":" || scalar == "."
    }

    private static func port(_ text: Substring) throws(SMTPRelayURLError) -> Int {
        let outOfRange = SMTPRelayURLError(reason: "the SMTP URL's port must be a number from 1 to 65535")
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw outOfRange }
            // Stops before the value could grow past any port, so no digit count can overflow it.
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            guard value <= 65535 else { throw outOfRange }
        }
        guard value >= 1 else { throw outOfRange }
        return value
    }

    private static func percentDecoded(_ text: Substring) throws(SMTPRelayURLError) -> String {
        let bad = SMTPRelayURLError(reason: "the SMTP URL's user or password has a % not followed by two hex digits")
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { throw bad }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw SMTPRelayURLError(reason: "the SMTP URL's user or password is not UTF-8 once percent-decoded")
        }
        if decoded.unicodeScalars.contains(where: isControl) {
            throw SMTPRelayURLError(reason: "the SMTP URL's user or password holds a control character once percent-decoded")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
