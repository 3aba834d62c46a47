/// A path split into percent-decoded segments (`/v1/contacts/42` → `["v1", "contacts", "42"]`).
public struct PathSegments: Equatable, Sendable {
    public let segments: [String]

    public init(_ path: String) {
        // Split on the UTF-8 view: String's Character splitting would run grapheme breaking.
        var parts: [String] = []
        let bytes = path.utf8
        var start = bytes.startIndex
        if start != bytes.endIndex && bytes[start] == UInt8(ascii: "/") { start = bytes.index(after: start) }
        var index = start
        while true {
            if index == bytes.endIndex || bytes[index] == UInt8(ascii: "/") {
                let raw = Substring(path.utf8[start..<index])
                // Decoding is slow and most segments have nothing to decode.
                parts.append(raw.utf8.contains(UInt8(ascii: "%")) ? (PercentDecoding.decode(raw) ?? String(raw)) : String(raw))
                if index == bytes.endIndex { break }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        segments = path.isEmpty ? [] : parts
    }

    public init(segments: [String]) { self.segments = segments }
}
