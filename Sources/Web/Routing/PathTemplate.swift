import Foundation

/// A resource's path with named parameters (`/v1/contacts/{id}`), written once: it matches
/// request paths, prints the paths of route values, and names the route in metrics and in the
/// OpenAPI document.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    /// The template as written, which is also its OpenAPI path key.
    public let description: String
    let segments: [Segment]

    public init(stringLiteral text: String) {
        description = text
        segments = PathSegments(text).segments.map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2
                ? .parameter(String(segment.dropFirst().dropLast())) : .literal(segment)
        }
    }

    /// How many segments are parameters: fewer means more specific, and more specific wins.
    var parameterCount: Int {
        segments.reduce(0) { count, segment in
            if case .parameter = segment { return count + 1 }
            return count
        }
    }

    /// The parameters of `path` when it has this template's shape.
    func match(_ path: PathSegments) -> PathParameters? {
        guard path.segments.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, value) in zip(segments, path.segments) {
            switch segment {
            case .literal(let literal): guard literal == value else { return nil }
            case .parameter(let name): values[name] = value
            }
        }
        return PathParameters(values)
    }

    /// The path with `values` put in place of the parameters, in order, each percent-encoded.
    public func path(_ values: String...) -> String { path(values) }

    /// The path with `values` put in place of the parameters, in order, each percent-encoded.
    public func path(_ values: [String]) -> String {
        var remaining = values[...]
        var path = ""
        for segment in segments {
            path += "/"
            switch segment {
            case .literal(let literal): path += literal
            case .parameter: path += PathEncoding.segment(remaining.popFirst() ?? "")
            }
        }
        return path.isEmpty ? "/" : path
    }
}
