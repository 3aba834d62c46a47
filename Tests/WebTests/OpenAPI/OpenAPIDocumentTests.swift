import Foundation
import HTTPServer
import Testing
@testable import Web

/// The embedded `/openapi.json` against the router: it documents every route and nothing else.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// One operation: an upper-case method and a path template (`GET /v1/contacts/{id}`).
    struct RouteKey: Hashable, Comparable, CustomStringConvertible {
        let method: String
        let path: String

        static func < (lhs: RouteKey, rhs: RouteKey) -> Bool {
            (lhs.path, lhs.method) < (rhs.path, rhs.method)
        }

        var description: String { "\(method) \(path)" }
    }

    /// Path-item keys that are operations the router lists; `head` and `options` are implied by
    /// every route, and `parameters`, `summary` and the like are not operations.
    static let routedOperationKeys: Set<String> = ["get", "put", "post", "delete", "patch", "trace"]
    /// Every operation key an OpenAPI 3.1 path item may hold.
    static let allOperationKeys: Set<String> = routedOperationKeys.union(["head", "options"])
    /// Methods a route table entry never needs to name.
    static let impliedMethods: Set<String> = ["HEAD", "OPTIONS"]

    func loadDocument() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIResponder.document))
        return try #require(object as? [String: Any], "the document is not a JSON object")
    }

    func pathItems(_ document: [String: Any]) throws -> [String: [String: Any]] {
        let paths = try #require(document["paths"] as? [String: Any], "the document has no paths object")
        var items: [String: [String: Any]] = [:]
        for (path, item) in paths {
            items[path] = try #require(item as? [String: Any], "the path item of \(path) is not an object")
        }
        return items
    }

    @Test("every route is in /openapi.json and every documented operation is a route")
    func routesMatchDocument() throws {
        var documented: Set<RouteKey> = []
        for (path, item) in try pathItems(loadDocument()) {
            for key in item.keys where Self.routedOperationKeys.contains(key) {
                documented.insert(RouteKey(method: key.uppercased(), path: path))
            }
        }
        let routed = Set(
            AppRouter.routeTable
                .filter { !Self.impliedMethods.contains($0.method.rawValue) }
                .map { RouteKey(method: $0.method.rawValue, path: $0.template) })

        let undocumented = routed.subtracting(documented).sorted()
        let unrouted = documented.subtracting(routed).sorted()
        #expect(
            undocumented.isEmpty,
            "routes missing from Sources/Web/OpenAPI/openapi.json: \(undocumented.map(\.description).joined(separator: ", "))")
        #expect(
            unrouted.isEmpty,
            "documented operations no route serves: \(unrouted.map(\.description).joined(separator: ", "))")
        #expect(!routed.isEmpty, "the route table is empty")
    }

    @Test("the document declares OpenAPI 3.1")
    func version() throws {
        let document = try loadDocument()
        let version = try #require(document["openapi"] as? String, "the document has no openapi version string")
        #expect(version.hasPrefix("3.1"), "openapi is \(version), not 3.1.x")
    }

    @Test("every documented operation has at least one response")
    func responses() throws {
        var operations = 0
        var withoutResponses: [String] = []
        for (path, item) in try pathItems(loadDocument()) {
            for (key, operation) in item where Self.allOperationKeys.contains(key) {
                operations += 1
                let responses = (operation as? [String: Any])?["responses"] as? [String: Any]
                if responses?.isEmpty ?? true {
                    withoutResponses.append("\(key.uppercased()) \(path)")
                }
            }
        }
        #expect(operations > 0, "the document has no operations")
        #expect(withoutResponses.isEmpty, "operations without responses: \(withoutResponses.sorted().joined(separator: ", "))")
    }

    @Test("every $ref points at something in the document")
    func references() throws {
        let document = try loadDocument()
        var dangling: [String] = []
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String, Self.resolve(reference, in: document) == nil {
                    dangling.append(reference)
                }
                for child in object.values { visit(child) }
            } else if let array = value as? [Any] {
                for child in array { visit(child) }
            }
        }
        visit(document)
        #expect(dangling.isEmpty, "references that resolve to nothing: \(Set(dangling).sorted().joined(separator: ", "))")
    }

    /// The value a local reference (`#/components/schemas/Contact`, RFC 6901 escapes) names.
    static func resolve(_ reference: String, in document: [String: Any]) -> Any? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any = document
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let object = node as? [String: Any], let next = object[key] else { return nil }
            node = next
        }
        return node
    }
}
