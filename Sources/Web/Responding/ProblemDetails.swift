import Foundation
import HTTPServer
import Presentation

/// An RFC 9457 problem document; every error the API sends has this shape. Built in one place,
/// `JSONBody.problem(_:requestID:headers:)`, from a Presenter's `ProblemViewModel`: the status
/// follows from the code.
public struct ProblemDetails: Encodable, Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// Stable snake_case identifier clients branch on.
    public var code: ProblemCode
    public var errors: [FieldErrorViewModel]?
    public var requestId: String

    public init(_ problem: ProblemViewModel, requestId: String) {
        self.type = "https://viperd.dev/problems/\(problem.code.rawValue.replacingOccurrences(of: "_", with: "-"))"
        self.title = problem.title
        self.status = problem.code.status.code
        self.detail = problem.detail
        self.code = problem.code
        self.errors = problem.errors.isEmpty ? nil : problem.errors
        self.requestId = requestId
    }
}
