import HTTPServer

/// What a router made of a method and path.
public enum RouteMatch<Route> {
    case route(Route)
    /// The path exists but not for this method; the methods it has.
    case methodNotAllowed(allow: [HTTPMethod])
    /// Not this router's path: the parent tries the next child or answers 404.
    case noMatch
}

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
                parts.append(raw.utf8.contains(UInt8(ascii: "%")) ? (String(raw).removingPercentEncoding ?? String(raw)) : String(raw))
                if index == bytes.endIndex { break }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        segments = path.isEmpty ? [] : parts
    }

    public init(segments: [String]) { self.segments = segments }
}

/// The methods a resource answers, with HEAD implied by GET.
enum AllowedMethods {
    static func header(_ methods: [HTTPMethod]) -> String {
        var names = methods.map(\.rawValue)
        if methods.contains(.get) && !methods.contains(.head) { names.append("HEAD") }
        names.append("OPTIONS")
        return names.joined(separator: ", ")
    }
}

import Foundation
