/// An error outcome as a Presenter words it; the Responder adds status and request id.
public struct ProblemViewModel: Equatable, Sendable {
    /// Stable snake_case identifier (`validation_failed`, `not_found`).
    public let code: ProblemCode
    public let title: String
    public let detail: String
    public let errors: [FieldErrorViewModel]

    public init(code: ProblemCode, title: String, detail: String, errors: [FieldErrorViewModel] = []) {
        self.code = code
        self.title = title
        self.detail = detail
        self.errors = errors
    }
}
