import Foundation

/// What an `If-None-Match` field asks for (RFC 9110 §13.1.2): `*`, or a list of entity tags.
enum EntityTagCondition: Equatable, Sendable {
    /// `*`: any current representation.
    case any
    /// The opaque tags listed (quotes kept, `W/` dropped: `If-None-Match` compares weakly).
    case tags([Substring])

    /// Parses every field line of the header as one list; nil when absent or malformed, and a
    /// malformed value is ignored rather than refused: the full response is always a correct
    /// answer to a GET, so a client's garbled cache header costs it a 200, never an error.
    static func ifNoneMatch(_ lines: [String]) -> EntityTagCondition? {
        guard !lines.isEmpty else { return nil }
        let value = lines.joined(separator: ",")
        if value.trimmingCharacters(in: [" ", "\t"]) == "*" { return .any }
        var tags: [Substring] = []
        var rest = Substring(value)
        while true {
            // `#rule` lists allow empty elements and optional whitespace around commas.
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard !rest.isEmpty else { break }
            if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
            guard rest.first == "\"" else { return nil }
            let body = rest.dropFirst()
            guard let close = body.firstIndex(of: "\"") else { return nil }
            let opaque = rest[rest.startIndex...close]
            // etagc = %x21 / %x23-7E / obs-text: no space, no control character.
            guard body[..<close].unicodeScalars.allSatisfy({ $0.value == 0x21 || (0x23...0x7E).contains($0.value) || $0.value >= 0x80 }) else {
                return nil
            }
            tags.append(opaque)
            rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "\t" }
            guard rest.isEmpty || rest.first == "," else { return nil }
        }
        return tags.isEmpty ? nil : .tags(tags)
    }

    /// Weak comparison (RFC 9110 §8.8.3.2): the opaque tags are equal, whether or not either is weak.
    func matches(_ etag: String) -> Bool {
        switch self {
        case .any: return true
        case .tags(let tags):
            let opaque = etag.hasPrefix("W/") ? Substring(etag).dropFirst(2) : Substring(etag)
            return tags.contains(opaque)
        }
    }
}
