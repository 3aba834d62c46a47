/// A query string's parameters, percent-decoded (`+` is a space); the first of a repeated key wins.
public struct QueryParameters: Sendable {
    private var values: [String: String] = [:]

    public init(_ query: String?) {
        guard let query else { return }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let rawKey = parts.first, let key = Self.decode(rawKey), values[key] == nil else { continue }
            values[key] = parts.count > 1 ? (Self.decode(parts[1]) ?? "\u{FFFD}") : ""
        }
    }

    public subscript(key: String) -> String? { values[key] }

    private static func decode(_ raw: Substring) -> String? {
        PercentDecoding.decode(raw, plusIsSpace: true)
    }
}
