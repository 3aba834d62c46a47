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
        segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { raw in
            String(raw).removingPercentEncoding ?? String(raw)
        }
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
