import Foundation

/// An error answer of the server (RFC 9457 problem+json) as a Swift error apps can catch and
/// branch on (`code`, `status`), with every field error of a 422.
public struct ViperdProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// A URI naming the kind of problem (`https://viperd.dev/problems/validation-failed`).
    public var type: String
    /// A short, localized summary.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// A localized explanation of this occurrence.
    public var detail: String
    /// The stable snake_case identifier clients branch on (`validation_failed`, `email_taken`).
    public var code: String
    /// Every invalid field or parameter, each with its pointer or parameter name.
    public var errors: [Components.Schemas.FieldError]
    /// The response's `X-Request-ID`, to quote when reporting a fault.
    public var requestID: String?

    public init(
        type: String, title: String, status: Int, detail: String, code: String,
        errors: [Components.Schemas.FieldError] = [], requestID: String? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.errors = errors
        self.requestID = requestID
    }

    /// The problem document the server sent.
    public init(_ problem: Components.Schemas.Problem) {
        self.init(
            type: problem._type, title: problem.title, status: problem.status, detail: problem.detail,
            code: problem.code, errors: problem.errors ?? [], requestID: problem.requestId)
    }

    public var description: String {
        var text = "\(status) \(code): \(detail)"
        for error in errors {
            let location = error.pointer.map { "at \($0)" } ?? error.parameter.map { "in \($0)" } ?? ""
            text += "; \(error.code) \(location): \(error.detail)"
        }
        return text
    }
}
