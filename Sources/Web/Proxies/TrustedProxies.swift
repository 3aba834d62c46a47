import HTTPServer

/// The reverse proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`); none by default.
///
/// Without a trusted proxy the client is the socket's peer and the header is ignored, since
/// anyone can send it. When the peer is trusted, the header is read from the right (each proxy
/// appends the address it saw) and the first address that is not itself a trusted proxy is the
/// client: the left part of the header was written by the client and proves nothing.
public struct TrustedProxies: Sendable {
    /// One CIDR range: an address and how many leading bits of it must match.
    public struct Network: Equatable, Sendable, CustomStringConvertible {
        public let address: ClientAddress
        public let prefixLength: Int

        /// Parses `10.0.0.0/8`, `fd00::/8`, or a single address (`192.0.2.7` = `/32`, `/128` for IPv6).
        public init(_ text: String) throws(InvalidRange) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), !parts[0].contains("["), let address = ClientAddress(parts[0]),
                parts[0].filter({ $0 == ":" }).count != 1
            else {
                throw InvalidRange(text: text, reason: "is not an IPv4 or IPv6 address with an optional /prefix (10.0.0.0/8, fd00::/8)")
            }
            let width = address.bytes.count * 8
            var prefixLength = width
            if parts.count == 2 {
                guard let length = Int(parts[1]), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), (0...width).contains(length) else {
                    throw InvalidRange(text: text, reason: "has a prefix length that is not 0...\(width)")
                }
                prefixLength = length
            }
            let network = address.masked(toPrefix: prefixLength)
            guard network == address else {
                let suggestion = "\(network)/\(prefixLength)"
                throw InvalidRange(text: text, reason: "has bits set after its /\(prefixLength) prefix (did you mean \(suggestion)?)")
            }
            self.address = address
            self.prefixLength = prefixLength
        }

        public func contains(_ candidate: ClientAddress) -> Bool {
            candidate.bytes.count == address.bytes.count && candidate.masked(toPrefix: prefixLength) == address
        }

        public var description: String { "\(address)/\(prefixLength)" }
    }

    /// A `--trusted-proxy` value that is not a CIDR range, with the reason.
    public struct InvalidRange: Error, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "'\(text)' \(reason)" }
    }

    public let networks: [Network]

    /// No proxy is trusted: `X-Forwarded-For` is ignored.
    public static let none = TrustedProxies(networks: [])

    public init(networks: [Network]) {
        self.networks = networks
    }

    /// Parses each range; throws for the first that is not one.
    public init(ranges: [String]) throws(InvalidRange) {
        var networks: [Network] = []
        for range in ranges {
            networks.append(try Network(range))
        }
        self.init(networks: networks)
    }

    public var isEmpty: Bool { networks.isEmpty }

    public func contains(_ address: ClientAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client's address for a request from `peer` carrying `headers`.
    public func clientAddress(peer: String, headers: HTTPHeaders) -> String {
        clientAddress(peer: peer, forwardedFor: headers.values(for: "X-Forwarded-For"))
    }

    /// The client's address: the peer unless it is trusted; then, walking `X-Forwarded-For`
    /// (every field line, in order) from the right, the first address that is not trusted. An
    /// entry that is not an address ends the walk at the nearest hop known (a proxy wrote
    /// garbage, or the client did); a chain of only trusted proxies gives its left-most address.
    public func clientAddress(peer: String, forwardedFor: [String]) -> String {
        guard !networks.isEmpty, let peerAddress = ClientAddress(peer) else { return peer }
        guard contains(peerAddress) else { return peerAddress.description }
        let hops = forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        var nearest = peerAddress
        for hop in hops.reversed() {
            guard let address = ClientAddress(hop) else { break }
            nearest = address
            if !contains(address) { break }
        }
        return nearest.description
    }
}
