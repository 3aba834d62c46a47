/// A host and a TCP port to listen on, as `--metrics-address` takes them: `127.0.0.1:9464`,
/// `[::1]:9464`, `0.0.0.0:9464` (port 0 picks a free one).
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// The address to bind: an IPv4 or IPv6 literal or a host name.
    public var host: String
    /// The TCP port, 0...65535.
    public var port: Int

    /// The metrics listener's default: loopback only, on the port OpenTelemetry's Prometheus
    /// exporter uses.
    public static let metricsDefault = ListenAddress(host: "127.0.0.1", port: 9464)

    /// From its parts.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT` or `[IPV6]:PORT`; nil for anything else.
    public init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(port), (0...65535).contains(number)
        else { return nil }
        self.host = String(host)
        self.port = number
    }

    /// `host:port`, with an IPv6 host in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
