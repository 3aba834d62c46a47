/// One invalid input, ready for the wire: where it is and what is wrong, in the client's language.
public struct FieldErrorViewModel: Encodable, Equatable, Sendable {
    /// JSON Pointer into the request body (RFC 6901).
    public let pointer: String?
    /// A query or path parameter's name.
    public let parameter: String?
    /// Stable snake_case identifier.
    public let code: FieldErrorCode
    public let detail: String

    public init(pointer: String? = nil, parameter: String? = nil, code: FieldErrorCode, detail: String) {
        self.pointer = pointer
        self.parameter = parameter
        self.code = code
        self.detail = detail
    }
}
