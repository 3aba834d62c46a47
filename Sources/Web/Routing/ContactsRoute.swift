/// The contacts feature's routes; each prints its own path, so links are built from values.
public enum ContactsRoute: Equatable, Sendable {
    case list
    case create
    case show(id: String)
    case update(id: String)
    case delete(id: String)

    /// The path of the resource this route acts on.
    public var path: String {
        switch self {
        case .list, .create: "/v1/contacts"
        case .show(let id), .update(let id), .delete(let id): "/v1/contacts/\(PathEncoding.segment(id))"
        }
    }

    /// The path with ids as `{id}`: what metrics and the OpenAPI document name.
    public var template: String {
        switch self {
        case .list, .create: "/v1/contacts"
        case .show, .update, .delete: "/v1/contacts/{id}"
        }
    }
}

/// Percent-encoding of one path segment (RFC 3986 unreserved characters pass through).
enum PathEncoding {
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

import Foundation
