import Foundation
import Presentation

/// An RFC 9457 problem document; every error the API sends has this shape.
public struct ProblemDetails: Encodable, Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// Stable snake_case identifier clients branch on.
    public var code: String
    public var errors: [FieldErrorViewModel]?
    public var requestId: String

    public init(status: Int, code: String, title: String, detail: String, errors: [FieldErrorViewModel]? = nil, requestId: String) {
        self.type = "https://viperd.dev/problems/\(code.replacingOccurrences(of: "_", with: "-"))"
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.errors = errors
        self.requestId = requestId
    }
}
