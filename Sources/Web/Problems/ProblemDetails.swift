import Foundation

/// An RFC 9457 problem document; every error the API sends has this shape.
public struct ProblemDetails: Encodable, Sendable, Equatable {
    /// One invalid input: where it is and what is wrong with it.
    public struct FieldError: Encodable, Sendable, Equatable {
        /// JSON Pointer into the request body (RFC 6901), for body fields.
        public var pointer: String?
        /// Name of the query or path parameter, for those.
        public var parameter: String?
        public var code: String
        public var detail: String

        public init(pointer: String? = nil, parameter: String? = nil, code: String, detail: String) {
            self.pointer = pointer
            self.parameter = parameter
            self.code = code
            self.detail = detail
        }
    }

    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// Stable snake_case identifier clients branch on.
    public var code: String
    public var errors: [FieldError]?
    public var requestId: String

    public init(status: Int, code: String, title: String, detail: String, errors: [FieldError]? = nil, requestId: String) {
        self.type = "https://viperd.dev/problems/\(code.replacingOccurrences(of: "_", with: "-"))"
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.errors = errors
        self.requestId = requestId
    }
}
